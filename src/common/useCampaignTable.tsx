import { useCallback, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useIntl } from 'react-intl';
import { ButtonGroup, Icon, Tooltip } from '@blueprintjs/core';
import { Duplicate, Edit, WarningSign } from '@blueprintjs/icons';
import type { ColumnDef, ColumnSet } from '../../engine/table/columnSet';
import { useSchemaTable } from '../../engine/table/useSchemaTable';
import { useLoader } from '../../engine/state/useLoader';
import type { TableQuery, TableStore } from '../../engine/table/TableStore';
import campaignColumns from '../../schemas/campaigns/campaigns.columns.json';
import { useStores } from '../app/context';
import { tableParams } from '../app/tableParams';
import { RouterAnchorButton } from '../shell/RouterAnchorButton';
import { useAdFormats, useFormatTexts } from './adFormats';
import { ApprovalTag } from './ApprovalTag';
import { CampaignStatusTag } from './CampaignStatusTag';
import type { CampaignRow, CampaignTooltip, CampaignView } from '../../generated/types';
import { InlineAmount } from './InlineAmount';
import { useMoney } from './useMoney';

/** The filters of the campaign table (empty string: not filtered). */
export interface CampaignFilters {
  search: string;
  status: string;
  approval: string;
  format: string;
  pricing: string;
  group: string;
}

/** No filter at all. */
export const NO_CAMPAIGN_FILTERS: CampaignFilters = { search: '', status: '', approval: '', format: '', pricing: '', group: '' };

/**
 * The hints of the user's campaigns by campaign id, loaded once. A failed load shows no hints (they are an aid,
 * and the table stays usable), like the other silent lookups.
 */
function useCampaignTooltips(): ReadonlyMap<number, CampaignTooltip[]> {
  const { api } = useStores();
  const load = useCallback(async (signal: AbortSignal) => {
    const { data } = await api.get<{ data: CampaignTooltip[] }>('campaign-tooltips', { signal, silent: true });
    const byCampaign = new Map<number, CampaignTooltip[]>();
    for (const tip of data) byCampaign.set(tip.campaign_id, [...(byCampaign.get(tip.campaign_id) ?? []), tip]);
    return byCampaign;
  }, [api]);
  return useLoader(load).data ?? NO_TIPS;
}

const NO_TIPS: ReadonlyMap<number, CampaignTooltip[]> = new Map();

/** The columns of the campaign table (schemas/campaigns/campaigns.columns.json). */
export const campaignColumnSet = campaignColumns as unknown as ColumnSet;

/**
 * The user's campaigns as a server-paged table (`GET campaigns`), and its cells: name with group, status and approval
 * tags, format, pricing model, price and daily limit edited in place, performance (impressions, clicks, CTR,
 * conversions, eCPM, eCPC since the start), spend, reserve, edit and duplicate buttons.
 * Used by /campaigns (which adds selection and bulk actions) and by the dashboard. The `select` column is the
 * caller's: `renderCell` answers undefined for it.
 */
export function useCampaignTable(filters: CampaignFilters, columnSet: ColumnSet = campaignColumnSet): { table: TableStore<CampaignRow, CampaignFilters>; renderCell: (column: ColumnDef, row: CampaignRow) => ReactNode | undefined } {
  const intl = useIntl();
  const { api } = useStores();
  const formats = useAdFormats();
  const formatTexts = useFormatTexts();
  const money = useMoney();
  const tips = useCampaignTooltips();

  const load = useCallback(
    async (q: TableQuery<CampaignFilters>, signal: AbortSignal) => {
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
  const table = useSchemaTable<CampaignRow, CampaignFilters>({ columnSet, filters, load, mode: 'server' });
  const byId = useMemo(() => new Map((formats ?? []).map((f) => [f.id, f])), [formats]);

  const savePrice = async (row: CampaignRow, price: string | null) => {
    if (price === null) throw new Error(intl.formatMessage({ id: 'campaigns.priceRequired' }));
    await api.post(`campaigns/${row.id}/price`, { price }, { silent: true });
    await table.reload();
  };
  const saveDaily = async (row: CampaignRow, daily: string | null) => {
    // The daily limit is part of the campaign form: send the saved form with the new limit.
    const { data } = await api.get<{ data: CampaignView }>(`campaigns/${row.id}`, { silent: true });
    const model = { ...data.model };
    const limits = { ...(model.limits as Record<string, unknown>) };
    if (daily === null) delete limits.daily;
    else limits.daily = daily;
    await api.put(`campaigns/${row.id}`, { ...model, limits }, { silent: true });
    await table.reload();
  };

  const tipText = (tip: CampaignTooltip) =>
    intl.formatMessage(
      { id: `campaigns.tip.${tip.type}` },
      {
        rate: intl.formatNumber(Number(tip.params.win_rate ?? 0), { style: 'percent', maximumFractionDigits: 1 }),
        period: tip.params.period,
        type: tip.params.limit_type,
        limit: tip.params.limit_type === 'money' ? money(tip.params.limit ?? null) : intl.formatNumber(Number(tip.params.limit ?? 0)),
      },
    );

  const renderCell = (column: ColumnDef, row: CampaignRow): ReactNode | undefined => {
    const archived = row.status === 'archived';
    switch (column.id) {
      case 'name': {
        const hints = row.status === 'active' ? (tips.get(row.id) ?? []) : [];
        const hintText = hints.map(tipText).join(' ');
        return (
          <span>
            <Link to={`/campaigns/${row.id}`}>{row.name}</Link>
            {hints.length ? (
              <Tooltip content={<span data-testid="campaign-tip">{hintText}</span>}>
                {/* Focusable for the tooltip, so an image named by the hint around the (hidden) icon. */}
                <span tabIndex={0} role="img" aria-label={hintText} style={{ marginLeft: 6 }}>
                  <Icon icon={<WarningSign />} intent="warning" />
                </span>
              </Tooltip>
            ) : null}
            {row.group ? <small className="bp6-text-muted"> · {row.group.name}</small> : null}
          </span>
        );
      }
      case 'status':
        return <CampaignStatusTag status={row.status} next={row.next_status} limit={{ name: row.limit_exceeded_name, type: row.limit_exceeded_type }} />;
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
        return <span title={intl.formatMessage({ id: 'campaigns.spendToday' }, { amount: money(row.spend_today) })}>{money(row.spend)}</span>;
      case 'reserved_balance':
        return money(row.reserved_balance);
      case 'ecpm':
      case 'ecpc':
        return money(row[column.id], 'cost');
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

  return { table, renderCell };
}
