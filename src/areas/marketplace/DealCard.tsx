import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Card, Classes, Tag } from '@blueprintjs/core';
import type { FlatDeal } from '../../../generated/types';
import { useFormatTexts } from '../../common/adFormats';
import { useMoney } from '../../common/useMoney';
import { SiteBadges, SiteLogo } from './SiteCard';
import styles from './Marketplace.module.css';

/** Names of a deal's ids, from useReferenceNames. */
export interface DealNames {
  country: (id: number) => string;
  trafficType: (id: number) => string;
}

/** Up to three countries by name, then how many more; every country when the deal names none. */
export function useCountryList(names: DealNames) {
  const intl = useIntl();
  return (ids: readonly number[]) =>
    ids.length === 0
      ? intl.formatMessage({ id: 'marketplace.deal.everyCountry' })
      : ids.length > 3
        ? intl.formatMessage({ id: 'marketplace.deal.countriesMore' }, { countries: ids.slice(0, 3).map(names.country).join(', '), more: ids.length - 3 })
        : ids.map(names.country).join(', ');
}

/** A package in words: "100,000 impressions", "14 days". */
export function usePackageText() {
  const intl = useIntl();
  return (limitType: string, value: number) => intl.formatMessage({ id: `marketplace.unit.${limitType}` }, { count: value, value: intl.formatNumber(value) });
}

/** A deal on the marketplace: what it is, where its traffic comes from, its listed package and price; the whole card links to the deal. */
export function DealCard({ deal, names }: { deal: FlatDeal; names: DealNames }) {
  const intl = useIntl();
  const money = useMoney();
  const formats = useFormatTexts();
  const countries = useCountryList(names);
  const packageText = usePackageText();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `marketplace.deal.${id}` }, values);
  return (
    <Link to={`/flat-deal/${deal.id}`} className={styles.dealLink}>
      <Card interactive compact className={styles.card}>
        <span className={styles.cardTitle}>
          {deal.site ? <SiteLogo site={deal.site} /> : null}
          <strong>{deal.name}</strong>
        </span>
        <span className={styles.badges}>
          {deal.site ? <SiteBadges site={deal.site} /> : <Tag minimal round intent="primary">{t('countryPackage')}</Tag>}
          {deal.status === 'sold_out' ? <Tag minimal round intent="danger">{t('soldOut')}</Tag> : null}
        </span>
        <dl className={styles.facts}>
          <dt className={Classes.TEXT_MUTED}>{t('format')}</dt>
          <dd>{formats.name(undefined, deal.ad_format_id)}</dd>
          <dt className={Classes.TEXT_MUTED}>{t('geo')}</dt>
          <dd title={deal.country_ids.map(names.country).join(', ')}>{countries(deal.country_ids)}</dd>
          <dt className={Classes.TEXT_MUTED}>{t('tier')}</dt>
          <dd>{t('tierName', { tier: deal.tier_id })}</dd>
          <dt className={Classes.TEXT_MUTED}>{t('traffic')}</dt>
          <dd>{names.trafficType(deal.traffic_type_id)}</dd>
          <dt className={Classes.TEXT_MUTED}>{t('package')}</dt>
          <dd>{packageText(deal.limit_type, deal.limit_value)}</dd>
        </dl>
        <span className={styles.price}>{money(deal.price)}</span>
      </Card>
    </Link>
  );
}
