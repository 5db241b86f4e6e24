import { useEffect, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Card, H2, NonIdealState } from '@blueprintjs/core';
import { Plus, Projects } from '@blueprintjs/icons';
import { useStores } from '../../app/context';
import { PanelErrorBoundary } from '../../shell/PanelErrorBoundary';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { DashboardCampaigns } from './DashboardCampaigns';
import { DashboardChart } from './DashboardChart';
import { DashboardFigures } from './DashboardFigures';
import { DashboardStore } from './DashboardStore';
import { PostsPanel } from './PostsPanel';
import { WeekSpendPanel } from './WeekSpendPanel';
import styles from './DashboardPage.module.css';

/** A user without campaigns: what to do first instead of an empty chart and table. */
function FirstCampaign() {
  const intl = useIntl();
  const { network } = useStores();
  const t = (id: string) => intl.formatMessage({ id: `dashboard.empty.${id}` });
  return (
    <Card data-testid="dashboard-empty">
      <NonIdealState
        icon={<Projects size={48} />}
        title={t('title')}
        description={t('description')}
        action={
          <span className={styles.actions}>
            <RouterAnchorButton intent="primary" icon={<Plus />} to="/campaigns/create" text={t('createCampaign')} />
            {network.sections.has('Ads') ? <RouterAnchorButton to="/ads/create" text={t('createAd')} /> : null}
          </span>
        }
      />
    </Card>
  );
}

/**
 * /dashboard: spend today, yesterday, this and last month; campaign counts by state (each opening those campaigns);
 * balance and reserve; the last 14 days as a chart; this week's spend per day; the campaign table; the network's
 * news. Each panel loads and fails on its own (with a retry); a user with no campaign is offered to create one.
 */
const DashboardPage = observer(function DashboardPage() {
  const intl = useIntl();
  const { api, settings } = useStores();
  const store = useMemo(() => new DashboardStore(api, settings.serverNow() ?? Date.now()), [api, settings]);
  useEffect(() => {
    store.load();
    return () => store.dispose();
  }, [store]);
  const t = (id: string) => intl.formatMessage({ id: `dashboard.${id}` });
  const panelFailed = t('panelFailed');

  return (
    <section className={styles.page} aria-labelledby="dashboard-title">
      <header className={styles.header}>
        <H2 id="dashboard-title">{t('title')}</H2>
        <RouterAnchorButton intent="primary" icon={<Plus />} to="/campaigns/create" text={t('createCampaign')} />
      </header>
      <PanelErrorBoundary title={panelFailed}>
        <DashboardFigures store={store} />
      </PanelErrorBoundary>
      {store.isNewUser ? (
        <FirstCampaign />
      ) : (
        <>
          <div className={styles.panels}>
            <PanelErrorBoundary title={panelFailed}>
              <DashboardChart store={store} />
            </PanelErrorBoundary>
            <PanelErrorBoundary title={panelFailed}>
              <WeekSpendPanel store={store} />
            </PanelErrorBoundary>
          </div>
          <PanelErrorBoundary title={panelFailed}>
            <DashboardCampaigns />
          </PanelErrorBoundary>
        </>
      )}
      <PanelErrorBoundary title={panelFailed}>
        <PostsPanel />
      </PanelErrorBoundary>
    </section>
  );
});

export default DashboardPage;
