import { useEffect, useMemo, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { H2, Tab, Tabs } from '@blueprintjs/core';
import { Plus } from '@blueprintjs/icons';
import { useStores } from '../../app/context';
import { ResourceTab } from '../../resources/ResourceTab';
import { PanelErrorBoundary } from '../../shell/PanelErrorBoundary';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { FinanceSummaryPanel } from './FinanceSummaryPanel';
import { FinancesStore } from './FinancesStore';
import { InvoicesPanel } from './InvoicesPanel';
import { OverviewPanel } from './OverviewPanel';
import { PaymentsPanel } from './PaymentsPanel';
import { TopUpPanel } from './TopUpPanel';
import { useFinanceContext } from './useFinanceContext';
import styles from './Finances.module.css';

type TabId = 'overview' | 'payments' | 'transactions' | 'invoices' | 'top-up';
const PATHS: Record<TabId, string> = { overview: '/finances', payments: '/finances/payments', transactions: '/finances/transactions', invoices: '/finances/invoices', 'top-up': '/finances/top-up' };
const tabOf = (path: string): TabId => (Object.entries(PATHS).find(([, p]) => p === path.replace(/\/+$/, ''))?.[0] as TabId | undefined) ?? 'overview';

/**
 * /finances: the balance and how long it lasts, then the overview (money in and out per day), the payments, every
 * change of the balance (transactions), the invoices (company accounts, or where the network takes bank transfers) and the automatic top-up as tabs, each
 * at its own path so a link or the back button keeps it.
 */
const FinancesPage = observer(function FinancesPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { api, settings } = useStores();
  const finance = useFinanceContext();
  const store = useMemo(() => new FinancesStore(api, () => settings.serverNow() ?? Date.now()), [api, settings]);
  useEffect(() => () => store.dispose(), [store]);
  const tab = tabOf(pathname);
  // Each tab may have changed the money (an invoice deleted, a top-up turned on): the summary reads it again.
  useEffect(() => store.loadSummary(), [store, tab]);
  useEffect(() => void settings.load(), [settings]);
  const t = (id: string) => intl.formatMessage({ id: `finances.${id}` });
  const failed = t('panelFailed');
  const panel = (body: ReactElement) => <PanelErrorBoundary title={failed}>{body}</PanelErrorBoundary>;

  return (
    <section className={styles.page} aria-labelledby="finances-title">
      <header className={styles.header}>
        <H2 id="finances-title">{t('title')}</H2>
        {finance.addFunds && <RouterAnchorButton intent="primary" icon={<Plus />} to="/add-funds" text={t('addFundsButton')} />}
      </header>
      {panel(<FinanceSummaryPanel store={store} />)}
      <Tabs id="finances-tabs" selectedTabId={tab} onChange={(id) => navigate(PATHS[id as TabId])} renderActiveTabPanelOnly size="large" className={styles.tabs}>
        <Tab id="overview" title={t('tab.overview')} panel={panel(<OverviewPanel store={store} />)} />
        <Tab id="payments" title={t('tab.payments')} panel={panel(<PaymentsPanel />)} />
        <Tab id="transactions" title={t('tab.transactions')} panel={panel(<ResourceTab id="transactions" />)} />
        {(finance.invoices || tab === 'invoices') && <Tab id="invoices" title={t('tab.invoices')} panel={panel(<InvoicesPanel />)} />}
        {(finance.recurring || tab === 'top-up') && <Tab id="top-up" title={t('tab.topUp')} panel={panel(<TopUpPanel onChanged={store.loadSummary} />)} />}
      </Tabs>
    </section>
  );
});

export default FinancesPage;
