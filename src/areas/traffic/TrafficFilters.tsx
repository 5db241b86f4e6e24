import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Card, FormGroup, HTMLSelect, InputGroup, SegmentedControl, Switch } from '@blueprintjs/core';
import { useOptionSource, type LookupFormContext } from '../../../engine/lookup';
import { LookupPicker } from '../../../widgets/lookup/LookupPicker';
import countryTarget from '../../../schemas/targets/country.target.json';
import siteTarget from '../../../schemas/targets/site.target.json';
import { useFormatTexts } from '../../common/adFormats';
import type { TrafficChartStore } from './TrafficChartStore';
import styles from './TrafficChartPage.module.css';

/** The campaign form's own option sources: countries from `collections/countries`, premium sites of the format. */
const COUNTRY_SOURCE = countryTarget.ui.countries['ui:options'].source;
const PREMIUM_SOURCE = siteTarget.ui.premium_sites['ui:options'].source;
const toIds = (value: unknown) => (Array.isArray(value) ? value.map(Number).filter(Number.isFinite) : []);

/** The searchable, virtualized multi-select of the campaign form over one declared source. */
const Picker = observer(function Picker({ id, source, lookups, value, onChange, label, placeholder }: { id: string; source: unknown; lookups: LookupFormContext; value: number[]; onChange: (ids: number[]) => void; label: string; placeholder: string }) {
  const session = useOptionSource(source, lookups, id);
  return <LookupPicker id={id} session={session} value={value} multiple coerce={(v) => Number(v)} onChange={(v) => onChange(toIds(v))} placeholder={placeholder} ariaLabel={label} />;
});

/**
 * The traffic chart's filters: ad format (those sold here), pricing model (the format's), countries, premium sites
 * (a switch, then the sites to keep) and an optional price. Every change reloads the chart (TrafficChartStore).
 */
export const TrafficFilters = observer(function TrafficFilters({ store, lookups }: { store: TrafficChartStore; lookups: LookupFormContext }) {
  const intl = useIntl();
  const formatTexts = useFormatTexts();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `trafficChart.filter.${id}` }, values);
  const { filters } = store;
  const model = filters.pricingModel;
  const modelName = model ? intl.formatMessage({ id: `campaigns.pricing.${model}` }) : '';

  return (
    <Card className={styles.filters} role="search" aria-label={t('label')}>
      <div className={styles.filterRow}>
        <FormGroup label={t('format')} labelFor="traffic-format" className={styles.field}>
          <HTMLSelect id="traffic-format" fill value={filters.adFormat} onChange={(e) => store.setAdFormat(e.target.value)}>
            {store.formats.map((f) => (
              <option key={f.id} value={f.id}>
                {formatTexts.name(f)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('pricingModel')} className={styles.field}>
          <SegmentedControl
            inline
            aria-label={t('pricingModel')}
            value={model}
            onValueChange={(value) => store.setPricingModel(value)}
            options={store.pricingModels.map((m) => ({ value: m, label: intl.formatMessage({ id: `campaigns.pricing.${m}` }) }))}
          />
        </FormGroup>
        <FormGroup
          label={t('price')}
          labelInfo={t('optional')}
          labelFor="traffic-price"
          className={styles.field}
          intent={store.priceInvalid ? 'danger' : 'none'}
          helperText={store.priceInvalid ? t('priceInvalid') : t('priceHelp', { model: modelName })}
        >
          <InputGroup
            id="traffic-price"
            inputMode="decimal"
            autoComplete="off"
            value={filters.price}
            intent={store.priceInvalid ? 'danger' : 'none'}
            placeholder={t('pricePlaceholder')}
            aria-invalid={store.priceInvalid || undefined}
            onValueChange={(price) => store.setPrice(price)}
          />
        </FormGroup>
      </div>
      <div className={styles.filterRow}>
        {store.offers('country') ? (
          <FormGroup label={t('countries')} labelFor="traffic-countries" helperText={filters.countries.length ? undefined : t('allCountries')} className={styles.wideField}>
            <Picker id="traffic-countries" source={COUNTRY_SOURCE} lookups={lookups} value={filters.countries} onChange={store.setCountries} label={t('countries')} placeholder={t('countriesPlaceholder')} />
          </FormGroup>
        ) : null}
        {store.offers('site') ? (
          <FormGroup label={t('sites')} className={styles.wideField}>
            <Switch role="switch" checked={filters.premium} label={t('premium')} onChange={(e) => store.setPremium(e.currentTarget.checked)} />
            {filters.premium ? (
              <Picker
                id="traffic-premium-sites"
                source={PREMIUM_SOURCE}
                lookups={lookups}
                value={filters.premiumSites}
                onChange={store.setPremiumSites}
                label={t('premiumSites')}
                placeholder={filters.premiumSites.length ? t('premiumSitesPlaceholder') : t('allPremiumSites')}
              />
            ) : null}
          </FormGroup>
        ) : null}
      </div>
    </Card>
  );
});
