import { useIntl } from 'react-intl';
import { Card, H1 } from '@blueprintjs/core';
import { Build } from '@blueprintjs/icons';
import { useRouteMeta } from '../app/routeMeta';
import { routeTitleId } from '../app/routes';
import styles from './PlaceholderPage.module.css';

/** Stands in for an area a later issue builds: inside the real layout, so menus and guards can be tried. */
export default function PlaceholderPage() {
  const intl = useIntl();
  const route = useRouteMeta();
  const title = route ? intl.formatMessage({ id: routeTitleId(route) }) : '';
  return (
    <main className={styles.page} data-page="placeholder" data-route={route?.id}>
      <H1 className={styles.title}>{title}</H1>
      <Card className={styles.card}>
        <Build size={32} className={styles.icon} aria-hidden />
        <div>
          <p className={styles.lead}>{intl.formatMessage({ id: 'shell.placeholder.title' })}</p>
          <p className={styles.text}>{intl.formatMessage({ id: 'shell.placeholder.text' }, { section: title })}</p>
        </div>
      </Card>
    </main>
  );
}
