import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Card, FormGroup, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import { useOptionSource, type LookupFormContext } from '../../../engine/lookup';
import type { GlobalSettings } from '../../../generated/types';
import countryTarget from '../../../schemas/targets/country.target.json';
import { LookupPicker } from '../../../widgets/lookup/LookupPicker';
import { useFormatTexts } from '../../common/adFormats';
import { isPriceBound, type MarketplaceStore } from './MarketplaceStore';
import styles from './Marketplace.module.css';

/** The campaign form's country source (`collections/countries`): searchable, virtualized, named in the reader's language. */
const COUNTRY_SOURCE = countryTarget.ui.countries['ui:options'].source;

const CountryPicker = observer(function CountryPicker({ store, lookups, label }: { store: MarketplaceStore; lookups: LookupFormContext; label: string }) {
  const intl = useIntl();
  const session = useOptionSource(COUNTRY_SOURCE, lookups, 'marketplace-countries');
  return (
    <LookupPicker
      id="marketplace-countries"
      session={session}
      value={store.filters.country_ids}
      multiple
      coerce={(v) => Number(v)}
      onChange={(v) => store.setFilter('country_ids', Array.isArray(v) ? v.map(Number).filter(Number.isFinite) : [])}
      placeholder={intl.formatMessage({ id: 'marketplace.filter.anyCountry' })}
      ariaLabel={label}
    />
  );
});

/**
 * The deal filters, from the flat deal data of GET settings: ad format, country group (of the chosen format),
 * countries, tier, traffic type, a price range, a search by domain, and "available only". Every change reloads the
 * deals once typing rests.
 */
export const DealFilters = observer(function DealFilters({ store, data, trafficTypeName, lookups }: { store: MarketplaceStore; data: GlobalSettings['flat_deal']; trafficTypeName: (id: number) => string; lookups: LookupFormContext }) {
  const intl = useIntl();
  const formats = useFormatTexts();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `marketplace.filter.${id}` }, values);
  const { filters } = store;
  const any = t('any');
  const groups = data.country_groups.filter((g) => !filters.ad_format_id || g.ad_format_id === filters.ad_format_id);
  const select = (key: 'ad_format_id' | 'country_group_id' | 'tier_id' | 'traffic_type_id', label: string, options: { value: string; label: string }[]) => (
    <FormGroup label={label} labelFor={`marketplace-${key}`} className={styles.field}>
      <HTMLSelect id={`marketplace-${key}`} fill value={filters[key]} onChange={(e) => store.setFilter(key, e.target.value)}>
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
  const bound = (key: 'price_from' | 'price_to') => {
    const invalid = !isPriceBound(filters[key]);
    return (
      <FormGroup label={t(key)} labelFor={`marketplace-${key}`} className={styles.field} intent={invalid ? 'danger' : 'none'} helperText={invalid ? t('priceInvalid') : undefined}>
        <InputGroup id={`marketplace-${key}`} inputMode="decimal" autoComplete="off" value={filters[key]} intent={invalid ? 'danger' : 'none'} aria-invalid={invalid || undefined} onValueChange={(v) => store.setFilter(key, v)} />
      </FormGroup>
    );
  };

  return (
    <Card compact role="search" aria-label={t('label')}>
      <div className={styles.filters}>
        <FormGroup label={t('search')} labelFor="marketplace-search" className={styles.wideField}>
          <InputGroup id="marketplace-search" type="search" leftIcon={<Search />} autoComplete="off" placeholder={t('searchPlaceholder')} value={filters.search} onValueChange={(v) => store.setFilter('search', v)} />
        </FormGroup>
        {select('ad_format_id', t('format'), data.ad_format_ids.map((id) => ({ value: id, label: formats.name(undefined, id) })))}
        {select('country_group_id', t('countryGroup'), groups.map((g) => ({ value: g.id, label: `${formats.name(undefined, g.ad_format_id)} · ${t('tierName', { tier: g.id.slice(g.id.lastIndexOf('-') + 1) })}` })))}
        {select('tier_id', t('tier'), data.tiers.map((tier) => ({ value: String(tier.id), label: t('tierName', { tier: tier.id }) })))}
        {select('traffic_type_id', t('trafficType'), data.traffic_type_ids.map((id) => ({ value: String(id), label: trafficTypeName(id) })))}
      </div>
      <div className={styles.filters}>
        <FormGroup label={t('countries')} labelFor="marketplace-countries" className={styles.wideField}>
          <CountryPicker store={store} lookups={lookups} label={t('countries')} />
        </FormGroup>
        {bound('price_from')}
        {bound('price_to')}
        <FormGroup className={styles.field}>
          <Switch role="switch" checked={filters.available} label={t('available')} onChange={(e) => store.setFilter('available', e.currentTarget.checked)} />
        </FormGroup>
        <FormGroup className={styles.field}>
          <Button variant="minimal" text={t('clear')} disabled={!store.hasFilters} onClick={store.clearFilters} />
        </FormGroup>
      </div>
    </Card>
  );
});
