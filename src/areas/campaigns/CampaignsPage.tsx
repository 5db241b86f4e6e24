import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { useSearchParams } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Alert, Button, Checkbox, H2, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { FolderClose, Pause, Play, Plus, Search, Trash } from '@blueprintjs/icons';
import type { ColumnDef } from '../../../engine/table/columnSet';
import { SchemaTableView } from '../../../widgets/table/SchemaTableView';
import { ColumnChooser } from '../../../widgets/table/ColumnChooser';
import { ColumnVisibility } from '../../../engine/table/columnVisibility';
import { useStores } from '../../app/context';
import { toast } from '../../app/toast';
import { useTableLabels } from '../../i18n';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { useAdFormats, useFormatTexts } from '../../common/adFormats';
import type { CampaignRow, CampaignTransition } from '../../../generated/types';
import { CampaignGroupsStore } from './CampaignGroupsStore';
import { GroupsDialog } from './GroupsDialog';
import { campaignColumnSet, NO_CAMPAIGN_FILTERS, useCampaignTable, type CampaignFilters as Filters } from '../../common/useCampaignTable';
import styles from '../../common/AdsPage.module.css';

type BulkAction = 'activate' | 'pause' | 'delete';
const STATUSES = ['active', 'paused', 'archived'];
const APPROVALS = ['pending', 'approved', 'rejected', 'needs_edits'];
const PRICING = ['cpc', 'cpm', 'cpa', 'cpm_goal', 'cpc_goal'];
const BULK_ICONS: Record<BulkAction, ReactElement> = { activate: <Play />, pause: <Pause />, delete: <Trash /> };

/** A filter's starting value from the address (`/campaigns?status=active`, as the dashboard links), if it is a valid one. */
const fromAddress = (value: string | null, valid: readonly string[]) => (value && valid.includes(value) ? value : '');

/**
 * /campaigns: the user's campaigns with filters (status and approval may come in the address), sort and paging;
 * select rows to start, pause, delete or group them (each after a confirmation); price and daily limit edit in place
 * (useCampaignTable); groups are managed in a dialog.
 */
const CampaignsPage = observer(function CampaignsPage() {
  const intl = useIntl();
  const { api } = useStores();
  const formats = useAdFormats();
  const formatTexts = useFormatTexts();
  const labels = useTableLabels();
  const [groupsStore] = useState(() => new CampaignGroupsStore(api));
  useEffect(() => {
    void groupsStore.load();
    return () => groupsStore.loader.abort();
  }, [groupsStore]);
  const groups = groupsStore.groups;
  const [address] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(() => ({
    ...NO_CAMPAIGN_FILTERS,
    status: fromAddress(address.get('status'), STATUSES),
    approval: fromAddress(address.get('approval'), APPROVALS),
  }));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [groupsOpen, setGroupsOpen] = useState(false);

  const { table, renderCell: campaignCell } = useCampaignTable(filters);
  // Performance columns beside spend; the user picks which show (remembered on this device).
  const [columns] = useState(() => new ColumnVisibility(campaignColumnSet, { storageKey: 'campaigns-columns', locked: ['select', 'name', 'actions'] }));
  const rows = table.visibleRows;
  // Selection follows what is on screen: rows that left the page are not acted on unseen.
  const visibleIds = useMemo(() => new Set(rows.map((r) => r.id)), [rows]);
  const chosen = [...selected].filter((id) => visibleIds.has(id));

  const refresh = async () => {
    await table.reload();
    void groupsStore.load();
  };

  const bulk = async (action: BulkAction) => {
    setBusy(true);
    try {
      const { data } = await api.post<{ data: CampaignTransition }>(`campaigns/${action}`, { campaign_ids: chosen });
      toast(intl.formatMessage({ id: `campaigns.bulk.done.${action}` }, { count: data.campaigns.length }), data.campaigns.length ? 'success' : 'warning');
      for (const skip of data.skipped) {
        const row = rows.find((r) => r.id === skip.id);
        toast(intl.formatMessage({ id: 'campaigns.bulk.skipped' }, { name: row?.name ?? `#${skip.id}`, reason: skip.message }), 'warning');
      }
      setSelected(new Set());
      setConfirming(null);
      await refresh();
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  const moveToGroup = async (groupId: string) => {
    if (!groupId) return;
    try {
      await api.post(`campaign-groups/${groupId}/campaigns`, { campaigns: chosen });
      toast(intl.formatMessage({ id: 'campaigns.moved' }, { count: chosen.length, group: groups.find((g) => g.id === Number(groupId))?.name ?? '' }), 'success');
      setSelected(new Set());
      await refresh();
    } catch {
      // Shown by the API client.
    }
  };

  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allOn = rows.length > 0 && chosen.length === rows.length;

  const renderHeader = (column: { id: string }) =>
    column.id === 'select' ? (
      <Checkbox
        checked={allOn}
        indeterminate={chosen.length > 0 && !allOn}
        aria-label={intl.formatMessage({ id: 'campaigns.selectAll' })}
        onChange={(e) => setSelected(e.currentTarget.checked ? new Set(rows.map((r) => r.id)) : new Set())}
        style={{ margin: 0 }}
      />
    ) : undefined;

  const renderCell = (column: ColumnDef, row: CampaignRow) =>
    column.id === 'select' ? (
      <Checkbox checked={selected.has(row.id)} aria-label={intl.formatMessage({ id: 'campaigns.selectNamed' }, { name: row.name })} onChange={(e) => toggle(row.id, e.currentTarget.checked)} style={{ margin: 0 }} />
    ) : (
      campaignCell(column, row)
    );

  const select = (key: keyof Filters, label: string, all: string, options: { value: string; label: string }[]) => (
    <HTMLSelect aria-label={label} value={filters[key]} onChange={(e) => setFilters((f) => ({ ...f, [key]: e.target.value }))}>
      <option value="">{all}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </HTMLSelect>
  );
  const t = (id: string) => intl.formatMessage({ id });

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <H2>{t('campaigns.title')}</H2>
        <span>
          <Button icon={<FolderClose />} text={t('campaigns.groups')} onClick={() => setGroupsOpen(true)} />{' '}
          <RouterAnchorButton intent="primary" icon={<Plus />} to="/campaigns/create" text={t('campaigns.create')} />
        </span>
      </header>
      <div className={styles.filters} role="search">
        <InputGroup leftElement={<Search />} type="search" value={filters.search} placeholder={t('campaigns.search')} aria-label={t('campaigns.search')} onValueChange={(search) => setFilters((f) => ({ ...f, search }))} />
        {select('status', t('campaigns.filter.status'), t('campaigns.filter.allStatuses'), STATUSES.map((s) => ({ value: s, label: t(`campaigns.status.${s}`) })))}
        {select('approval', t('campaigns.filter.approval'), t('campaigns.filter.allApprovals'), APPROVALS.map((a) => ({ value: a, label: t(`ads.approval.${a}`) })))}
        {select('format', t('campaigns.filter.format'), t('campaigns.filter.allFormats'), (formats ?? []).map((f) => ({ value: f.id, label: formatTexts.name(f) })))}
        {select('pricing', t('campaigns.filter.pricing'), t('campaigns.filter.allPricing'), PRICING.map((p) => ({ value: p, label: t(`campaigns.pricing.${p}`) })))}
        {select('group', t('campaigns.filter.group'), t('campaigns.filter.allGroups'), groups.map((g) => ({ value: String(g.id), label: g.name })))}
        <ColumnChooser
          choices={columns.choices.filter((c) => c.id !== 'select')}
          onToggle={(id) => columns.toggle(id)}
          onShowAll={() => columns.showAll()}
          title={(id) => t(`campaigns.column.${id}`)}
          texts={{ columns: t('campaigns.columns.title'), showAll: t('campaigns.columns.showAll'), locked: t('campaigns.columns.locked') }}
        />
      </div>
      <div className={styles.filters} role="toolbar" aria-label={t('campaigns.bulk.label')}>
        <span aria-live="polite" style={{ alignSelf: 'center' }}>
          {intl.formatMessage({ id: 'campaigns.selected' }, { count: chosen.length })}
        </span>
        {(['activate', 'pause', 'delete'] as const).map((action) => (
          <Button key={action} icon={BULK_ICONS[action]} intent={action === 'delete' ? 'danger' : 'none'} disabled={!chosen.length} text={t(`campaigns.bulk.${action}`)} onClick={() => setConfirming(action)} />
        ))}
        <HTMLSelect aria-label={t('campaigns.moveToGroup')} value="" disabled={!chosen.length || !groups.length} onChange={(e) => void moveToGroup(e.target.value)}>
          <option value="">{t('campaigns.moveToGroup')}</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </HTMLSelect>
      </div>
      <SchemaTableView
        table={table}
        locale={intl.locale}
        labels={{ ...labels, emptyTitle: t('campaigns.empty'), emptyDescription: t('campaigns.emptyHint') }}
        columnTitle={(c) => t(`campaigns.column.${c.id}`)}
        hiddenColumns={columns.hidden}
        renderHeader={renderHeader}
        renderCell={renderCell}
        rowKey={(row) => row.id}
      />
      <Alert
        isOpen={confirming !== null}
        intent={confirming === 'delete' ? 'danger' : 'primary'}
        icon={confirming ? BULK_ICONS[confirming] : undefined}
        loading={busy}
        cancelButtonText={t('campaigns.cancel')}
        confirmButtonText={confirming ? t(`campaigns.bulk.${confirming}`) : ''}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void bulk(confirming)}
      >
        <p>{confirming ? intl.formatMessage({ id: `campaigns.bulk.confirm.${confirming}` }, { count: chosen.length }) : null}</p>
      </Alert>
      <GroupsDialog
        isOpen={groupsOpen}
        groups={groups}
        onClose={() => setGroupsOpen(false)}
        onCreate={async (name) => {
          await api.post('campaign-groups', { name }, { silent: true });
          await groupsStore.load();
        }}
        onRename={async (group, name) => {
          await api.put(`campaign-groups/${group.id}`, { name }, { silent: true });
          await refresh();
        }}
        onDelete={async (group) => {
          await api.delete(`campaign-groups/${group.id}`, { silent: true });
          if (filters.group === String(group.id)) setFilters((f) => ({ ...f, group: '' }));
          await refresh();
        }}
      />
    </section>
  );
});

export default CampaignsPage;
