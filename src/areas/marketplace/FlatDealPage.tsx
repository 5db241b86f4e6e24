import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, Classes, H2, H3, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { ArrowLeft, Refresh } from '@blueprintjs/icons';
import type { FlatDeal } from '../../../generated/types';
import { useLoader } from '../../../engine/state/useLoader';
import { useStores } from '../../app/context';
import { useFormatTexts } from '../../common/adFormats';
import { useMoney } from '../../common/useMoney';
import { PanelErrorBoundary } from '../../shell/PanelErrorBoundary';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { DealCard, useCountryList, usePackageText } from './DealCard';
import { PriceCalculator } from './PriceCalculator';
import { SiteBadges } from './SiteCard';
import { SiteReport } from './SiteReport';
import { useReferenceNames } from './useReferenceNames';
import styles from './Marketplace.module.css';

const isNotFound = (error: unknown) => (error as { status?: unknown } | null)?.status === 404;

/** Deals like this one (GET flat-deals/{id}/similar). */
function SimilarDeals({ id, names }: { id: number; names: ReturnType<typeof useReferenceNames> }) {
  const intl = useIntl();
  const { api } = useStores();
  const t = (key: string) => intl.formatMessage({ id: `marketplace.similar.${key}` });
  const { data, status, retry } = useLoader(useCallback((signal: AbortSignal) => api.get<{ data: FlatDeal[] }>(`flat-deals/${id}/similar`, { signal, silent: true }).then((a) => a.data), [api, id]));
  let body;
  if (status === 'error') body = <Button icon={<Refresh />} text={t('retry')} onClick={retry} />;
  else if (!data) body = <Spinner size={24} aria-label={t('loading')} />;
  else if (!data.length) body = <p className={Classes.TEXT_MUTED}>{t('none')}</p>;
  else
    body = (
      <ul className={styles.dealGrid}>
        {data.map((deal) => (
          <li key={deal.id}>
            <DealCard deal={deal} names={names} />
          </li>
        ))}
      </ul>
    );
  return (
    <section className={styles.column} aria-labelledby="similar-title">
      <H3 id="similar-title">{t('title')}</H3>
      {body}
    </section>
  );
}

/**
 * /flat-deal/:id: a deal: what it sells and where from, its site's report, a price calculator for any package it
 * sells, Apply (with the package priced), and deals like it.
 */
export default function FlatDealPage() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const { api } = useStores();
  const money = useMoney();
  const formats = useFormatTexts();
  const names = useReferenceNames();
  const countries = useCountryList(names);
  const packageText = usePackageText();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `marketplace.deal.${key}` }, values);
  const dealId = /^\d{1,10}$/.test(id) ? Number(id) : null;
  const { data: deal, status, error, retry } = useLoader(useCallback((signal: AbortSignal) => api.get<{ data: FlatDeal }>(`flat-deals/${dealId}`, { signal, silent: true }).then((a) => a.data), [api, dealId]));
  const [chosen, setChosen] = useState<{ limitType: string; value: number | null } | null>(null);
  const onPackage = useCallback((limitType: string, value: number | null) => setChosen({ limitType, value }), []);

  if (dealId === null || (status === 'error' && isNotFound(error))) {
    return <NonIdealState icon="search" title={t('notFound')} action={<RouterAnchorButton to="/marketplace" text={t('back')} />} />;
  }
  if (status === 'error') return <NonIdealState icon="error" title={t('failed')} action={<Button icon={<Refresh />} text={t('retry')} onClick={retry} />} />;
  if (!deal) return <Spinner aria-label={t('loading')} />;

  const apply = chosen?.value ? `/flat-deal/${deal.id}/offer?limit_type=${chosen.limitType}&limit_value=${chosen.value}` : `/flat-deal/${deal.id}/offer`;
  const facts: [string, string][] = [
    ['format', formats.name(undefined, deal.ad_format_id)],
    ['geo', countries(deal.country_ids)],
    ['tier', t('tierName', { tier: deal.tier_id })],
    ['traffic', names.trafficType(deal.traffic_type_id)],
    ['package', packageText(deal.limit_type, deal.limit_value)],
    ['leadDays', t('days', { count: deal.lead_days })],
    ['maxDays', t('days', { count: deal.max_days })],
  ];
  return (
    <section className={styles.page} aria-labelledby="deal-title">
      <header className={styles.header}>
        <RouterAnchorButton variant="minimal" icon={<ArrowLeft />} className={styles.back} to="/marketplace" text={t('back')} />
        <H2 id="deal-title">{deal.name}</H2>
        <span className={styles.badges}>
          {deal.site ? <SiteBadges site={deal.site} /> : <Tag minimal round intent="primary">{t('countryPackage')}</Tag>}
          {deal.status === 'sold_out' ? <Tag minimal round intent="danger">{t('soldOut')}</Tag> : null}
        </span>
      </header>
      <div className={styles.layout}>
        <div className={styles.column}>
          <Card className={styles.column}>
            <dl className={styles.facts}>
              {facts.map(([key, value]) => (
                <div key={key} style={{ display: 'contents' }}>
                  <dt className={Classes.TEXT_MUTED}>{t(key)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <span className={styles.price}>{t('listed', { price: money(deal.price) })}</span>
          </Card>
          <PriceCalculator deal={deal} onPackage={onPackage} />
          {deal.status === 'available' ? (
            <RouterAnchorButton intent="primary" size="large" to={apply} text={t('apply')} />
          ) : (
            <Callout intent="warning">{t('soldOutHint')}</Callout>
          )}
        </div>
        <div className={styles.column}>
          {deal.site ? (
            <PanelErrorBoundary title={t('reportFailed')}>
              <Card>
                <SiteReport site={deal.site} countryName={names.country} />
              </Card>
            </PanelErrorBoundary>
          ) : (
            <Card>
              <p>{t('groupHint', { countries: deal.country_ids.length })}</p>
            </Card>
          )}
        </div>
      </div>
      <SimilarDeals id={deal.id} names={names} />
    </section>
  );
}
