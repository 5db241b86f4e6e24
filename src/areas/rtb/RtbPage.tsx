import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { AnchorButton, Card, H2, H4, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { Error as ErrorIcon, Plus, Share } from '@blueprintjs/icons';
import type { Resource } from '../../../engine/resource/manifest';
import { ResourceStore } from '../../../engine/resource/ResourceStore';
import { useStores } from '../../app/context';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { StatusTag } from '../../resources/FieldValue';
import { pathOf } from '../../resources/paths';
import { RESOURCES } from '../../resources/registry';
import { useLoadedResource, useResourceText } from '../../resources/useResource';
import styles from './RtbPage.module.css';

/** How many of each list the landing shows. */
const AT_A_GLANCE = 5;

/** The IAB Tech Lab's OpenRTB specification, which the bid requests we send follow. */
const OPENRTB_DOCS = 'https://iabtechlab.com/standards/openrtb/';

/** One resource at a glance: its newest objects with their status, how many there are, and the way to all and to a new one. */
const Glance = observer(function Glance({ resource }: { resource: Resource }) {
  const intl = useIntl();
  const { api } = useStores();
  const { manifest } = resource;
  const t = useResourceText(manifest);
  const [store] = useState(() => new ResourceStore(resource, api));
  useEffect(() => {
    void store.table.reload();
    return () => store.dispose();
  }, [store]);
  const { table } = store;
  const rows = table.rows.slice(0, AT_A_GLANCE);
  const title = t('title', manifest.title);
  let body;
  if (table.status === 'error') {
    body = <NonIdealState icon={<ErrorIcon />} title={intl.formatMessage({ id: 'app.loadFailed' })} action={<AnchorButton text={intl.formatMessage({ id: 'resources.retry' })} onClick={() => void table.reload()} />} />;
  } else if (table.status !== 'ready' && !rows.length) {
    body = <Spinner size={24} aria-label={intl.formatMessage({ id: 'app.loading' })} />;
  } else if (!rows.length) {
    body = <p className={styles.empty}>{t('texts.emptyHint', manifest.texts.emptyHint)}</p>;
  } else {
    body = (
      <HTMLTable compact className={styles.table}>
        <tbody>
          {rows.map((row) => (
            <tr key={store.idOf(row)}>
              <td>{manifest.routes.view ? <Link to={pathOf(manifest.routes.view, store.idOf(row))}>{store.nameOf(row)}</Link> : store.nameOf(row)}</td>
              <td className={styles.status}>{manifest.api.statusField && <StatusTag manifest={manifest} status={String(row[manifest.api.statusField] ?? '')} />}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  }
  return (
    <Card className={styles.card} aria-labelledby={`rtb-${manifest.id}`}>
      <header className={styles.cardHeader}>
        <H4 id={`rtb-${manifest.id}`}>{title}</H4>
        {manifest.routes.create && <RouterAnchorButton size="small" intent="primary" icon={<Plus />} to={manifest.routes.create} text={t('texts.create', manifest.texts.create ?? manifest.item)} />}
      </header>
      {body}
      <RouterAnchorButton variant="minimal" to={manifest.routes.list} text={intl.formatMessage({ id: 'rtb.all' }, { list: title, count: table.totalCount })} />
    </Card>
  );
});

function GlanceOf({ id }: { id: string }) {
  const { resource } = useLoadedResource(RESOURCES.get(id));
  return resource ? <Glance resource={resource} /> : <Card className={styles.card}><Spinner size={24} /></Card>;
}

/** /rtb: the user's RTB networks and endpoints at a glance, with the way to RTB statistics and the docs. */
export default function RtbPage() {
  const intl = useIntl();
  return (
    <section className={styles.page}>
      <header>
        <H2>{intl.formatMessage({ id: 'shell.route.rtb' })}</H2>
        <p className={styles.intro}>{intl.formatMessage({ id: 'rtb.intro' })}</p>
      </header>
      <div className={styles.grid}>
        <GlanceOf id="rtb-networks" />
        <GlanceOf id="rtb-endpoints" />
      </div>
      <nav className={styles.links} aria-label={intl.formatMessage({ id: 'resources.links' })}>
        <RouterAnchorButton icon={<Share />} variant="outlined" to="/rtb-statistics" text={intl.formatMessage({ id: 'rtb.statistics' })} />
        <AnchorButton variant="outlined" href={OPENRTB_DOCS} target="_blank" rel="noopener noreferrer" text={intl.formatMessage({ id: 'rtb.docs' })} />
        <RouterAnchorButton variant="outlined" to="/api" text={intl.formatMessage({ id: 'rtb.api' })} />
      </nav>
    </section>
  );
}
