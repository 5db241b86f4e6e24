import { useCallback, useEffect, useMemo, useState, type ReactElement } from 'react';
import { Link } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Alert, Button, ButtonGroup, Checkbox, H2, HTMLSelect, InputGroup, Tooltip } from '@blueprintjs/core';
import { Duplicate, Edit, FolderClose, Pause, Play, Plus, Search, Trash } from '@blueprintjs/icons';
import type { ColumnSet } from '../../../engine/table/columnSet';
import { useSchemaTable } from '../../../engine/table/useSchemaTable';
import type { TableQuery } from '../../../engine/table/TableStore';
import { SchemaTableView } from '../../../widgets/table/SchemaTableView';
import campaignColumns from '../../../schemas/tables/campaigns.columns.json';
import { useStores } from '../../app/context';
import { tableParams } from '../../app/tableParams';
import { toast } from '../../app/toast';
import { useTableLabels } from '../../i18n';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { useAdFormats, useFormatTexts } from '../ads/adFormats';
import { ApprovalTag } from '../ads/ApprovalTag';
import { CampaignStatusTag } from './CampaignStatusTag';
import type { BulkSkip } from './CampaignStore';
import type { Campaign, CampaignGroup, CampaignRow } from './campaignTypes';
import { GroupsDialog } from './GroupsDialog';
import { InlineAmount } from './InlineAmount';
import { useMoney } from './useMoney';
import styles from '../ads/AdsPage.module.css';

interface Filters {
  search: string;
  status: string;
  approval: string;
  format: string;
  pricing: string;
  group: string;
}

type BulkAction = 'activate' | 'pause' | 'delete';
const columnSet = campaignColumns as unknown as ColumnSet;
const STATUSES = ['active', 'paused', 'archived'];
const APPROVALS = ['pending', 'approved', 'rejected', 'needs_edits'];
const PRICING = ['cpc', 'cpm', 'cpa', 'cpm_goal', 'cpc_goal'];
const BULK_ICONS: Record<BulkAction, ReactElement> = { activate: <Play />, pause: <Pause />, delete: <Trash /> };

/** The user's campaign groups, reloaded after every change. */
function useGroups() {
  const { api } = useStores();
  const [groups, setGroups] = useState<CampaignGroup[]>([]);
  const reload = useCallback(async () => setGroups((await api.get<{ data: CampaignGroup[] }>('campaign-groups')).data), [api]);
  useEffect(() => void reload().catch(() => undefined), [reload]);
  return { groups, reload };
}

/**
 * /campaigns: the user's campaigns with filters, sort and paging; select rows to start, pause, delete or group them
 * (each after a confirmation); price and daily limit edit in place; groups are managed in a dialog.
 */
const CampaignsPage = observer(function CampaignsPage() {
  const intl = useIntl();
  const { api } = useStores();
  const formats = useAdFormats();
  const formatTexts = useFormatTexts();
  const labels = useTableLabels();
  const money = useMoney();
  const { groups, reload: reloadGroups } = useGroups();
  const [filters, setFilters] = useState<Filters>({ search: '', status: '', approval: '', format: '', pricing: '', group: '' });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [groupsOpen, setGroupsOpen] = useState(false);

  const load = useCallback(
    async (q: TableQuery<Filters>, signal: AbortSignal) => {
      const f = q.filters;
      const answer = await api.get<{ data: CampaignRow[]; recordsFiltered: number }>('campaigns', {
        signal,
        params: {
          ...tableParams(q),
          ...(f.search.trim() ? { search: f.search.trim() } : {}),
          ...(f.status ? { status: [f.status] } : {}),
          ...(f.approval ? { approval: [f.approval] } : {}),
          ...(f.format ? { ad_format: [f.format] } : {}),
          ...(f.pricing ? { pricing_model: [f.pricing] } : {}),
          ...(f.group ? { group_id: [Number(f.group)] } : {}),
        },
      });
      return { rows: answer.data, recordsFiltered: answer.recordsFiltered };
    },
    [api],
  );
  const table = useSchemaTable<CampaignRow, Filters>({ columnSet, filters, load, mode: 'server' });
  const rows = table.visibleRows;
  // Selection follows what is on screen: rows that left the page are not acted on unseen.
  const visibleIds = useMemo(() => new Set(rows.map((r) => r.id)), [rows]);
  const chosen = [...selected].filter((id) => visibleIds.has(id));
  const byId = useMemo(() => new Map((formats ?? []).map((f) => [f.id, f])), [formats]);

  const refresh = async () => {
    await table.reload();
    void reloadGroups().catch(() => undefined);
  };

  const bulk = async (action: BulkAction) => {
    setBusy(true);
    try {
      const { data } = await api.post<{ data: { campaigns: { id: number }[]; skipped: BulkSkip[] } }>(`campaigns/${action}`, { campaign_ids: chosen });
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

  const savePrice = async (row: CampaignRow, price: string | null) => {
    if (price === null) throw new Error(intl.formatMessage({ id: 'campaigns.priceRequired' }));
    await api.post(`campaigns/${row.id}/price`, { price }, { silent: true });
    await table.reload();
  };
  const saveDaily = async (row: CampaignRow, daily: string | null) => {
    // The daily limit is part of the campaign form: send the saved form with the new limit.
    const { data } = await api.get<{ data: Campaign }>(`campaigns/${row.id}`, { silent: true });
    const model = { ...data.model };
    const limits = { ...(model.limits as Record<string, unknown>) };
    if (daily === null) delete limits.daily;
    else limits.daily = daily;
    await api.put(`campaigns/${row.id}`, { ...model, limits }, { silent: true });
    await table.reload();
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

  const renderCell = (column: { id: string }, row: CampaignRow) => {
    const archived = row.status === 'archived';
    switch (column.id) {
      case 'select':
        return <Checkbox checked={selected.has(row.id)} aria-label={intl.formatMessage({ id: 'campaigns.selectNamed' }, { name: row.name })} onChange={(e) => toggle(row.id, e.currentTarget.checked)} style={{ margin: 0 }} />;
      case 'name':
        return (
          <span>
            <Link to={`/campaigns/${row.id}`}>{row.name}</Link>
            {row.group ? <small className="bp6-text-muted"> · {row.group.name}</small> : null}
          </span>
        );
      case 'status':
        return <CampaignStatusTag status={row.status} next={row.next_status} />;
      case 'approval':
        return <ApprovalTag status={row.approval} />;
      case 'ad_format':
        return formatTexts.name(byId.get(row.ad_format), row.ad_format);
      case 'pricing_model':
        return intl.formatMessage({ id: `campaigns.pricing.${row.pricing_model}` });
      case 'price':
        return <InlineAmount value={row.price} shown={money(row.price, 'cost')} label={intl.formatMessage({ id: 'campaigns.priceOf' }, { name: row.name })} disabled={archived} onSave={(v) => savePrice(row, v)} />;
      case 'daily_limit': {
        const unit = row.limit_type === 'money' ? (v: string | null) => money(v) : (v: string | null) => (v === null ? '—' : intl.formatNumber(Number(v)));
        const shown = intl.formatMessage({ id: `campaigns.limit.${row.limit_type}` }, { daily: row.daily_limit === null ? '∞' : unit(row.daily_limit), total: row.total_limit === null ? '∞' : unit(row.total_limit) });
        return <InlineAmount value={row.daily_limit} shown={shown} label={intl.formatMessage({ id: 'campaigns.dailyOf' }, { name: row.name })} disabled={archived} onSave={(v) => saveDaily(row, v)} />;
      }
      case 'spend':
        return (
          <span title={intl.formatMessage({ id: 'campaigns.spendToday' }, { amount: money(row.spend_today, 'cost') })}>{money(row.spend, 'cost')}</span>
        );
      case 'reserved_balance':
        return money(row.reserved_balance);
      case 'actions':
        return (
          <ButtonGroup variant="minimal">
            {archived ? null : (
              <Tooltip content={intl.formatMessage({ id: 'campaigns.edit' })}>
                <RouterAnchorButton icon={<Edit />} aria-label={intl.formatMessage({ id: 'campaigns.editNamed' }, { name: row.name })} to={`/campaigns/${row.id}/edit`} />
              </Tooltip>
            )}
            <Tooltip content={intl.formatMessage({ id: 'campaigns.duplicate' })}>
              <RouterAnchorButton icon={<Duplicate />} aria-label={intl.formatMessage({ id: 'campaigns.duplicateNamed' }, { name: row.name })} to={`/campaigns/${row.id}/duplicate`} />
            </Tooltip>
          </ButtonGroup>
        );
      default:
        return undefined;
    }
  };

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
          await reloadGroups();
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
