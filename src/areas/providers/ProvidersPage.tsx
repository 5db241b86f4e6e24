import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Classes, H2 } from '@blueprintjs/core';
import { ResourceTab } from '../../resources/ResourceTab';
import { PanelErrorBoundary } from '../../shell/PanelErrorBoundary';
import { UsageChart } from './UsageChart';
import { UsagePanel } from './UsageStrip';
import styles from './Providers.module.css';

/**
 * /providers: the user's traffic providers (the traffic-providers resource, schemas/providers/, whose list this page
 * hosts) under what they use of the plan, and their traffic of the last 30 days against its limit. Starting, pausing
 * or deleting a provider reads the usage again.
 */
export default function ProvidersPage() {
  const intl = useIntl();
  const failed = intl.formatMessage({ id: 'providers.panelFailed' });
  const [changes, setChanges] = useState(0);
  return (
    <section className={styles.page} aria-labelledby="providers-title">
      <header className={styles.header}>
        <H2 id="providers-title">{intl.formatMessage({ id: 'resource.traffic-providers.title' })}</H2>
        <p className={Classes.TEXT_MUTED}>{intl.formatMessage({ id: 'providers.list.intro' })}</p>
      </header>
      <PanelErrorBoundary title={failed}>
        <UsagePanel changes={changes} />
      </PanelErrorBoundary>
      <PanelErrorBoundary title={failed}>
        <ResourceTab id="traffic-providers" onChanged={() => setChanges((n) => n + 1)} />
      </PanelErrorBoundary>
      <PanelErrorBoundary title={failed}>
        <UsageChart />
      </PanelErrorBoundary>
    </section>
  );
}
