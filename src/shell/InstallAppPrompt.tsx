import { useCallback } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button } from '@blueprintjs/core';
import { Download } from '@blueprintjs/icons';
import { useLoader } from '../../engine/state/useLoader';
import type { Application } from '../../generated/types';
import { useStores } from '../app/context';
import { useShellStores } from './useShellStores';
import { features } from './networkFeatures';
import styles from './Sidebar.module.css';

/** Offers installing the panel as an app, where the network allows it and the browser is ready to. */
export const InstallAppPrompt = observer(function InstallAppPrompt() {
  const { network } = useStores();
  const { installPrompt } = useShellStores();
  if (!features.pwaPrompt(network.settings) || !installPrompt.visible) return null;
  return <InstallPanel />;
});

/** The offer itself, named after the network's app (`GET application`: its name and icon; a generic title meanwhile). */
const InstallPanel = observer(function InstallPanel() {
  const intl = useIntl();
  const { api } = useStores();
  const { installPrompt } = useShellStores();
  const load = useCallback((signal: AbortSignal) => api.get<{ data: Application }>('application', { signal, silent: true }), [api]);
  const app = useLoader(load).data?.data;
  const title = app ? intl.formatMessage({ id: 'shell.install.named' }, { name: app.name }) : intl.formatMessage({ id: 'shell.install.title' });
  const icon = app?.icons.find((i) => i.purpose !== 'maskable');
  return (
    <section className={styles.panel} aria-label={title} data-testid="install-prompt">
      <div className={styles.panelTitle}>
        {icon ? <img src={icon.src} alt="" width={20} height={20} className={styles.installIcon} /> : null}
        {title}
      </div>
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
