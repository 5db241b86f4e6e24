import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button } from '@blueprintjs/core';
import { Download } from '@blueprintjs/icons';
import { useStores } from '../app/context';
import { useShellStores } from './useShellStores';
import { features } from './networkFeatures';
import styles from './Sidebar.module.css';

/** Offers installing the panel as an app, where the network allows it and the browser is ready to. */
export const InstallAppPrompt = observer(function InstallAppPrompt() {
  const intl = useIntl();
  const { network } = useStores();
  const { installPrompt } = useShellStores();
  if (!features.pwaPrompt(network.settings) || !installPrompt.visible) return null;
  return (
    <section className={styles.panel} aria-label={intl.formatMessage({ id: 'shell.install.title' })} data-testid="install-prompt">
      <div className={styles.panelTitle}>{intl.formatMessage({ id: 'shell.install.title' })}</div>
      <p className={styles.panelText}>{intl.formatMessage({ id: 'shell.install.text' })}</p>
      <div className={styles.panelActions}>
        <Button size="small" intent="primary" icon={<Download />} loading={installPrompt.status === 'prompting'} onClick={() => void installPrompt.install()}>
          {intl.formatMessage({ id: 'shell.install.action' })}
        </Button>
        <Button size="small" variant="minimal" className={styles.onDark} onClick={installPrompt.dismiss}>
          {intl.formatMessage({ id: 'shell.install.dismiss' })}
        </Button>
      </div>
    </section>
  );
});
