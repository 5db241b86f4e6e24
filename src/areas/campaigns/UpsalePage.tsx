import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Card, H2, H4, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { Error as ErrorIcon, TrendingUp } from '@blueprintjs/icons';
import { compareDecimals, formatDecimal, parseDecimal, roundDecimal } from '../../../engine/format/decimal';
import { useLoader } from '../../../engine/state/useLoader';
import { useStores } from '../../app/context';
import { toast } from '../../app/toast';
import { CampaignStore } from './CampaignStore';
import type { CampaignView, TrafficEstimate } from '../../../generated/types';
import { useMoney } from '../../common/useMoney';
import layout from '../../common/adLayout.module.css';

/** Price steps the page compares with the current price: +10 %, +25 %, +50 %, and the recommended price. */
const STEPS = ['1.10', '1.25', '1.50'];

/** `price × factor`, to 4 decimals, exactly. */
function times(price: string, factor: string): string {
  const p = parseDecimal(price);
  const f = parseDecimal(factor);
  return formatDecimal(roundDecimal({ units: p.units * f.units, scale: p.scale + f.scale }, 4), 4);
}

interface Option {
  price: string;
  estimate: TrafficEstimate;
}

/** The prices to offer: the steps up from the current price and the recommended one, each once, ascending. */
function pricesToTry(campaign: CampaignView, recommended: string | null): string[] {
  const list = STEPS.map((f) => times(campaign.price, f));
  if (recommended && compareDecimals(parseDecimal(recommended), parseDecimal(campaign.price)) > 0) list.push(formatDecimal(roundDecimal(parseDecimal(recommended), 4), 4));
  return [...new Set(list)].sort((a, b) => compareDecimals(parseDecimal(a), parseDecimal(b)));
}

/**
 * /upsale/:campaignId: what more traffic a higher price would buy, from the traffic estimate of the campaign's own
 * targeting at its price and at a few higher ones; one click sets the new price (no new moderation).
 */
const UpsalePage = observer(function UpsalePage() {
  const intl = useIntl();
  const money = useMoney();
  const { api } = useStores();
  const navigate = useNavigate();
  const params = useParams();
  const [store] = useState(() => new CampaignStore(api, Number(params.campaignId)));
  const [saving, setSaving] = useState<string | null>(null);
  useEffect(() => {
    void store.load();
    return () => store.dispose();
  }, [store]);
  const campaign = store.campaign;

  // The estimate at the campaign's price, then at each price to try (silent: a failure shows in the card).
  const loadEstimates = useMemo(() => {
    if (!campaign) return null;
    const ask = async (price: string, signal: AbortSignal) =>
      (await api.post<{ data: TrafficEstimate }>('available-traffic', { ad_format_id: campaign.ad_format.id, pricing_model: campaign.pricing_model, price, targets: campaign.targets }, { signal, silent: true })).data;
    return async (signal: AbortSignal) => {
      const current = await ask(campaign.price, signal);
      const options: Option[] = await Promise.all(pricesToTry(campaign, current.recommended_price).map(async (price) => ({ price, estimate: await ask(price, signal) })));
      return { current, options };
    };
  }, [api, campaign]);
  const estimates = useLoader(loadEstimates);
  const current = estimates.data?.current ?? null;
  const options = estimates.data?.options ?? null;
  const failed = estimates.status === 'error';

  const gain = useMemo(() => (current ? (n: number) => Math.max(0, Math.round(n - current.impressions)) : () => 0), [current]);
  const t = (id: string) => intl.formatMessage({ id });
  if (store.status === 'missing' || store.status === 'error') return <NonIdealState icon={<ErrorIcon size={48} />} title={t(store.status === 'missing' ? 'campaign.missing' : 'campaign.loadFailed')} />;
  if (!campaign) return <Spinner aria-label={t('app.loading')} />;

  const raise = async (price: string) => {
    setSaving(price);
    try {
      await api.post(`campaigns/${campaign.id}/price`, { price });
      toast(intl.formatMessage({ id: 'upsale.raised' }, { price: money(price, 'cost') }), 'success');
      navigate(`/campaigns/${campaign.id}`);
    } catch {
      // The API client has shown why.
    } finally {
      setSaving(null);
    }
  };
  return (
    <section className={layout.page}>
      <H2>{intl.formatMessage({ id: 'upsale.title' }, { name: campaign.name })}</H2>
      <p>{t('upsale.intro')}</p>
      <Card>
        {failed ? (
          <NonIdealState icon={<ErrorIcon size={32} />} description={t('estimate.failed')} />
        ) : !current || !options ? (
          <Spinner size={24} aria-label={t('app.loading')} />
        ) : (
          <>
            <H4>{intl.formatMessage({ id: 'upsale.now' }, { price: money(campaign.price, 'cost'), impressions: intl.formatNumber(current.impressions) })}</H4>
            <HTMLTable compact striped>
              <thead>
                <tr>
                  <th>{t('upsale.price')}</th>
                  <th>{t('estimate.impressions')}</th>
                  <th>{t('upsale.gain')}</th>
                  <th>{t('estimate.winRate')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {options.map(({ price, estimate }) => (
                  <tr key={price}>
                    <td>
                      {money(price, 'cost')}
                      {price === current.recommended_price ? <small> · {t('upsale.recommended')}</small> : null}
                    </td>
                    <td>{intl.formatNumber(Math.round(estimate.impressions))}</td>
                    <td>+{intl.formatNumber(gain(estimate.impressions))}</td>
                    <td>{intl.formatNumber(estimate.win_rate_at_price ?? 0, { style: 'percent', maximumFractionDigits: 0 })}</td>
                    <td>
                      <Button size="small" intent="primary" icon={<TrendingUp />} loading={saving === price} disabled={saving !== null || campaign.status === 'archived'} onClick={() => void raise(price)} text={t('upsale.raise')} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </>
        )}
      </Card>
    </section>
  );
});

export default UpsalePage;
