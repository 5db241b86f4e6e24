import { useLocation, useNavigate } from 'react-router';
import { useIntl } from 'react-intl';
import { Classes, H2, Tab, Tabs } from '@blueprintjs/core';
import { ResourceTab } from '../../resources/ResourceTab';
import { PanelErrorBoundary } from '../../shell/PanelErrorBoundary';
import { DealsPanel } from './DealsPanel';
import styles from './Marketplace.module.css';

type TabId = 'deals' | 'applications';
const PATHS: Record<TabId, string> = { deals: '/marketplace', applications: '/marketplace/applications' };
const tabOf = (path: string): TabId => (path.replace(/\/+$/, '') === PATHS.applications ? 'applications' : 'deals');

/**
 * /marketplace: the network's marketplace sites beside its flat deals (filters, site reports, deal cards), and the
 * user's applications (the flat-deal-applications resource) as a second tab at its own path.
 */
export default function MarketplacePage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const t = (id: string) => intl.formatMessage({ id: `marketplace.${id}` });
  const failed = t('panelFailed');
  return (
    <section className={styles.page} aria-labelledby="marketplace-title">
      <header className={styles.header}>
        <H2 id="marketplace-title">{t('title')}</H2>
        <p className={Classes.TEXT_MUTED}>{t('intro')}</p>
      </header>
      <Tabs id="marketplace-tabs" selectedTabId={tabOf(pathname)} onChange={(id) => navigate(PATHS[id as TabId])} renderActiveTabPanelOnly size="large">
        <Tab id="deals" title={t('tab.deals')} panel={<PanelErrorBoundary title={failed}><DealsPanel /></PanelErrorBoundary>} />
        <Tab id="applications" title={t('tab.applications')} panel={<PanelErrorBoundary title={failed}><ResourceTab id="flat-deal-applications" /></PanelErrorBoundary>} />
      </Tabs>
    </section>
  );
}
