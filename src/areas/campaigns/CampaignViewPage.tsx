import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Alert, Button, Card, H2, H4, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { Duplicate, Edit, Error as ErrorIcon, Pause, Play, Trash, TrendingUp } from '@blueprintjs/icons';
import { useStores } from '../../app/context';
import { toast } from '../../app/toast';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { formatAdDate, useAdFormats, useFormatTexts } from '../../common/adFormats';
import { ApprovalTag } from '../../common/ApprovalTag';
import { CampaignStatusTag } from '../../common/CampaignStatusTag';
import { CampaignStore } from './CampaignStore';
import type { CampaignView } from '../../../generated/types';
import { offeredTargets, targetIsSet } from './campaignForm';
import { useTargetName } from './targetNames';
import { UpdatingRulesPanel } from './UpdatingRulesPanel';
import { useTargetSummary } from './useTargetSummary';
import { DeliveryCallout } from './DeliveryCallout';
import { TargetedSites } from './TargetedSites';
import { useMoney } from '../../common/useMoney';
import styles from '../../common/AdViewPage.module.css';
import layout from '../../common/adLayout.module.css';

const Summary = observer(function Summary({ campaign }: { campaign: CampaignView }) {
  const intl = useIntl();
  const money = useMoney();
  const { network } = useStores();
  const formats = useAdFormats();
  const targetName = useTargetName();
  const summary = useTargetSummary(campaign.model as Record<string, unknown>);
  const formatTexts = useFormatTexts();
  const format = formats?.find((f) => f.id === campaign.ad_format.id);
  const order = format ? offeredTargets((network.settings?.targetTypes as string[] | undefined) ?? [], format) : Object.keys(campaign.targets);
  const set = order.filter((id) => targetIsSet(campaign.targets[id]));
  const limit = (v: string | null) => (v === null ? '∞' : campaign.limit_type === 'money' ? money(v) : intl.formatNumber(Number(v)));
  const t = (id: string) => intl.formatMessage({ id });
  const day = (value: string | null) => (value ? intl.formatDate(`${value}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }) : null);
  const siteTarget = campaign.targets.site as { accept?: boolean; sites?: number[] } | undefined;
  return (
    <Card>
      <HTMLTable compact className={styles.table}>
        <tbody>
          <tr>
            <th scope="row">{t('campaign.ad')}</th>
            <td>
              <Link to={`/ads/${campaign.ad.id}`}>{campaign.ad.name}</Link> · {formatTexts.name(campaign.ad_format)}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('campaign.price')}</th>
            <td>
              {t(`campaigns.pricing.${campaign.pricing_model}`)} · {money(campaign.price, 'cost')}
              {campaign.recommended_price ? <span className="bp6-text-muted"> · {intl.formatMessage({ id: 'campaign.recommendedPrice' }, { price: money(campaign.recommended_price, 'cost') })}</span> : null}
              {campaign.enable_price_auto_adjust && campaign.max_adjusted_price ? (
                <span className="bp6-text-muted"> · {intl.formatMessage({ id: 'campaign.autoAdjust' }, { step: campaign.price_adjustment_ratio, maximum: money(campaign.max_adjusted_price, 'cost') })}</span>
              ) : null}
            </td>
          </tr>
          {campaign.pricing_model === 'cpa' ? (
            <tr>
              <th scope="row">{t('campaign.cpaStatus')}</th>
              <td>{t(`campaign.cpaStatus.${campaign.cpa_status}`)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">{t('campaign.limits')}</th>
            <td>
              {intl.formatMessage({ id: 'campaign.limitsText' }, { type: t(`campaign.limitType.${campaign.limit_type}`), hourly: limit(campaign.hourly_limit), daily: limit(campaign.daily_limit), total: limit(campaign.total_limit) })}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('campaign.runs')}</th>
            <td>{intl.formatMessage({ id: 'campaign.runsText' }, { from: day(campaign.active_from) ?? t('campaign.runsNow'), to: day(campaign.active_to) ?? t('campaign.runsOpen') })}</td>
          </tr>
          <tr>
            <th scope="row">{t('campaign.schedule')}</th>
            <td>{campaign.calendar_limits ? intl.formatMessage({ id: 'campaign.scheduleHours' }, { count: campaign.calendar_limits.reduce((n, hours) => n + hours.length, 0) }) : t('campaign.scheduleEvery')}</td>
          </tr>
          <tr>
            <th scope="row">{t('campaigns.column.reserved_balance')}</th>
            <td>{money(campaign.reserved_balance)}</td>
          </tr>
          {campaign.campaign_group ? (
            <tr>
              <th scope="row">{t('campaign.group')}</th>
              <td>{campaign.campaign_group.name}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">{t('campaign.created')}</th>
            <td>{formatAdDate(campaign.created_at, intl.locale)}</td>
          </tr>
        </tbody>
      </HTMLTable>
      <H4 style={{ marginTop: 16 }}>{t('campaign.targeting')}</H4>
      {set.length ? (
        <HTMLTable compact className={styles.table}>
          <tbody>
            {set.map((id) => (
              <tr key={id}>
                <th scope="row">{targetName(id)}</th>
                <td>{summary(id, targetName(id), (campaign.targets[id] ?? {}) as Record<string, unknown>)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : (
        <p className="bp6-text-muted">{t('campaign.everywhere')}</p>
      )}
      {siteTarget?.sites?.length ? <TargetedSites ids={siteTarget.sites} accept={siteTarget.accept !== false} /> : null}
    </Card>
  );
});

function Statistics({ campaign }: { campaign: CampaignView }) {
  const intl = useIntl();
  const money = useMoney();
  const { totals, daily } = campaign.statistics;
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card>
      <H4>{intl.formatMessage({ id: 'campaign.statistics' }, { days: campaign.statistics.days })}</H4>
      <HTMLTable compact className={styles.table}>
        <thead>
          <tr>
            <th>{t('stats.day')}</th>
            <th>{t('stats.impressions')}</th>
            <th>{t('stats.clicks')}</th>
            <th>{t('stats.conversions')}</th>
            <th>{t('stats.spend')}</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((d) => (
            <tr key={d.day}>
              <td>{d.day}</td>
              <td>{intl.formatNumber(d.impressions)}</td>
              <td>{intl.formatNumber(d.clicks)}</td>
              <td>{intl.formatNumber(d.conversions)}</td>
              <td>{money(d.spend)}</td>
            </tr>
          ))}
          {daily.length === 0 ? (
            <tr>
              <td colSpan={5} className="bp6-text-muted">
                {t('campaign.noStatistics')}
              </td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('stats.total')}</th>
            <td>{intl.formatNumber(totals.impressions)}</td>
            <td>{intl.formatNumber(totals.clicks)}</td>
            <td>{intl.formatNumber(totals.conversions)}</td>
            <td>{money(totals.spend)}</td>
          </tr>
        </tfoot>
      </HTMLTable>
    </Card>
  );
}

const Offers = observer(function Offers({ store }: { store: CampaignStore }) {
  const intl = useIntl();
  useEffect(() => void store.loadOffers(), [store]);
  if (!store.offers?.length) return null;
  return (
    <Card>
      <H4>{intl.formatMessage({ id: 'campaign.offers' })}</H4>
      <ul className="bp6-list-unstyled">
        {store.offers.map((o) => (
          <li key={o.id} style={{ marginBottom: 8 }}>
            <strong>{o.title}</strong>
            <p style={{ margin: '2px 0' }} className="bp6-text-muted">
              {o.description}
            </p>
            <RouterAnchorButton size="small" to={`/campaigns/create-offer-campaign?campaign=${store.id}&offer=${encodeURIComponent(o.id)}`} text={intl.formatMessage({ id: 'campaign.useOffer' })} />
          </li>
        ))}
      </ul>
    </Card>
  );
});

/** /campaigns/:id: what the campaign buys, its approval, the last week's statistics, its rules and offers. */
const CampaignViewPage = observer(function CampaignViewPage() {
  const intl = useIntl();
  const { api } = useStores();
  const params = useParams();
  const navigate = useNavigate();
  const [store] = useState(() => new CampaignStore(api, Number(params.id)));
  const [deleting, setDeleting] = useState(false);
  useEffect(() => {
    void store.load();
    return () => store.dispose();
  }, [store]);
  const campaign = store.campaign;
  const t = (id: string) => intl.formatMessage({ id });

  if (store.status === 'missing' || store.status === 'error') {
    return (
      <NonIdealState
        icon={<ErrorIcon size={48} />}
        title={t(store.status === 'missing' ? 'campaign.missing' : 'campaign.loadFailed')}
        action={store.status === 'error' ? <Button onClick={() => void store.load()}>{t('campaigns.retry')}</Button> : undefined}
      />
    );
  }
  if (!campaign) return <Spinner aria-label={t('app.loading')} />;

  const act = async (action: 'activate' | 'pause' | 'delete') => {
    try {
      const skipped = await store.act(action);
      if (skipped) toast(skipped.message, 'warning');
      else toast(intl.formatMessage({ id: `campaigns.bulk.done.${action}` }, { count: 1 }), 'success');
      if (action === 'delete' && !skipped) navigate('/campaigns');
    } catch {
      // The API client has shown why.
    }
  };
  return (
    <section className={layout.page}>
      <header className={styles.header}>
        <div>
          <H2>{campaign.name}</H2>
          <span className={styles.meta}>
            #{campaign.id} · <CampaignStatusTag status={campaign.status} next={campaign.next_status} limit={{ name: campaign.limit_exceeded_name, type: campaign.limit_exceeded_type }} /> <ApprovalTag status={campaign.latest_approval?.status ?? null} cause={campaign.latest_approval?.reject_cause} />
          </span>
        </div>
        <div className={styles.actions}>
          {campaign.actions.activate ? <Button icon={<Play />} loading={store.busy} text={t('campaigns.bulk.activate')} onClick={() => void act('activate')} /> : null}
          {campaign.actions.pause ? <Button icon={<Pause />} loading={store.busy} text={t('campaigns.bulk.pause')} onClick={() => void act('pause')} /> : null}
          {campaign.actions.edit ? <RouterAnchorButton icon={<Edit />} to={`/campaigns/${campaign.id}/edit`} text={t('campaigns.edit')} /> : null}
          <RouterAnchorButton icon={<Duplicate />} to={`/campaigns/${campaign.id}/duplicate`} text={t('campaigns.duplicate')} />
          {campaign.status !== 'archived' ? <RouterAnchorButton icon={<TrendingUp />} intent="success" to={`/upsale/${campaign.id}`} text={t('campaign.getMore')} /> : null}
          {campaign.actions.delete ? <Button icon={<Trash />} intent="danger" text={t('campaigns.bulk.delete')} onClick={() => setDeleting(true)} /> : null}
        </div>
      </header>
      <DeliveryCallout delivery={campaign.delivery} activeTo={campaign.active_to} />
      {campaign.latest_approval?.details ? <p>{campaign.latest_approval.details}</p> : null}
      <div className={layout.columns}>
        <div className={styles.main}>
          <Summary campaign={campaign} />
          <Statistics campaign={campaign} />
          <UpdatingRulesPanel store={store} />
        </div>
        <div className={layout.preview}>
          <Offers store={store} />
        </div>
      </div>
      <Alert
        isOpen={deleting}
        intent="danger"
        icon={<Trash />}
        loading={store.busy}
        cancelButtonText={t('campaigns.cancel')}
        confirmButtonText={t('campaigns.bulk.delete')}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          void act('delete');
        }}
      >
        <p>{intl.formatMessage({ id: 'campaigns.bulk.confirm.delete' }, { count: 1 })}</p>
      </Alert>
    </section>
  );
});

export default CampaignViewPage;
