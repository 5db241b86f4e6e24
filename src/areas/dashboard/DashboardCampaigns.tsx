import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { TitledCard } from '../../common/TitledCard';
import type { ColumnSet } from '../../../engine/table/columnSet';
import { SchemaTableView } from '../../../widgets/table/SchemaTableView';
import { useTableLabels } from '../../i18n';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { campaignColumnSet, NO_CAMPAIGN_FILTERS, useCampaignTable } from '../../common/useCampaignTable';
import styles from './DashboardPage.module.css';

/**
 * The campaign table of /campaigns with the columns it shows by default (the id, the reserve per campaign and the rarer
 * rates stay on that page, where a column chooser brings them back) and without its selection column (bulk actions
 * live there), so it fits beside the sidebar.
 */
const columnSet: ColumnSet = { ...campaignColumnSet, columns: campaignColumnSet.columns.filter((c) => c.id !== 'select' && !c.defaultHidden) };

/** The user's campaigns as /campaigns lists them (sort, paging, price and daily limit edited in place). */
export const DashboardCampaigns = observer(function DashboardCampaigns() {
  const intl = useIntl();
  const labels = useTableLabels();
  const { table, renderCell } = useCampaignTable(NO_CAMPAIGN_FILTERS, columnSet);
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <TitledCard
      id="dashboard-campaigns-title"
      title={t('dashboard.campaignsTable.title')}
      actions={<RouterAnchorButton size="small" variant="minimal" intent="primary" to="/campaigns" text={t('dashboard.campaignsTable.all')} />}
      testId="dashboard-campaigns"
    >
      <div className={styles.tableScroll}>
        <SchemaTableView
          table={table}
          locale={intl.locale}
          labels={{ ...labels, emptyTitle: t('campaigns.empty'), emptyDescription: t('campaigns.emptyHint') }}
          columnTitle={(c) => t(`campaigns.column.${c.id}`)}
          renderCell={renderCell}
          rowKey={(row) => row.id}
        />
      </div>
    </TitledCard>
  );
});
