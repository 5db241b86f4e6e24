import { useCallback, useEffect, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, Classes, H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import { FormStore, type FormValues } from '../../../engine/form/FormStore';
import { SchemaForm } from '../../../engine/form/SchemaForm';
import type { SchemaEntry } from '../../../engine/schema/SchemaCatalog';
import { useLoader } from '../../../engine/state/useLoader';
import type { FlatDeal, MarketplaceFlatDealApplicationAnswer } from '../../../generated/types';
import { theme } from '../../../widgets';
import { useStores } from '../../app/context';
import { useFormatTexts } from '../../common/adFormats';
import { SchemaEntryGate } from '../../common/SchemaEntryGate';
import { useMoney } from '../../common/useMoney';
import { ResourceItem } from '../../resources/ResourceTab';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { usePackageText } from './DealCard';
import { PriceCalculatorStore } from './PriceCalculatorStore';
import styles from './Marketplace.module.css';

const DAY = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The form's first values: the deal, the package the deal page priced (its `limit_type` and `limit_value` in the
 * link, when the deal sells it), a period starting after the deal's lead time, and its first creative format.
 */
export function offerValues(deal: FlatDeal, search: URLSearchParams, now: number): FormValues {
  const type = deal.limits.find((l) => l.limit_type === search.get('limit_type'))?.limit_type ?? deal.limit_type;
  const limit = deal.limits.find((l) => l.limit_type === type)!;
  const asked = Number(search.get('limit_value'));
  const value = Number.isInteger(asked) && asked >= limit.min_value && asked <= limit.max_value ? asked : type === deal.limit_type ? deal.limit_value : limit.min_value;
  const start = Math.floor(now / DAY) * DAY + deal.lead_days * DAY;
  const days = type === 'days' ? value : Math.min(deal.max_days, 14);
  return {
    flat_deal_id: deal.id,
    limit_type: type,
    limit_value: value,
    starts_on: isoDay(start),
    ends_on: isoDay(start + (days - 1) * DAY),
    ...(deal.creative_formats.length ? { creative_format: deal.creative_formats[0] } : {}),
  };
}

/** The price of the package the form holds, asked of the server as it changes (the same rule the application is priced by). */
const OfferPrice = observer(function OfferPrice({ calculator }: { calculator: PriceCalculatorStore }) {
  const intl = useIntl();
  const money = useMoney();
  const { quote } = calculator;
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: `marketplace.offer.${key}` }, values);
  let text: string;
  if (calculator.pricing) text = intl.formatMessage({ id: 'marketplace.price.pricing' });
  else if (calculator.problem) text = calculator.problem;
  else if (quote) text = Number(quote.discount) > 0 ? t('priceWithDiscount', { price: money(quote.price), discount: money(quote.discount) }) : t('price', { price: money(quote.price) });
  else text = t('priceUnknown');
  return (
    <Callout intent={calculator.problem ? 'warning' : 'primary'} compact aria-live="polite" data-testid="offer-price">
      {text}
    </Callout>
  );
});

const OfferForm = observer(function OfferForm({ deal, entry, onApplied }: { deal: FlatDeal; entry: SchemaEntry; onApplied: (a: MarketplaceFlatDealApplicationAnswer) => void }) {
  const intl = useIntl();
  const { api, settings } = useStores();
  const [search] = useSearchParams();
  const store = useMemo(
    () =>
      new FormStore<MarketplaceFlatDealApplicationAnswer>(entry, {
        initial: offerValues(deal, search, settings.serverNow() ?? Date.now()),
        submit: async (values) => (await api.post<{ data: MarketplaceFlatDealApplicationAnswer }>('flat-deal-applications', values)).data,
      }),
    // The form starts from the link and the deal as the page opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entry, deal],
  );
  useEffect(() => () => store.dispose(), [store]);
  // The package's price follows the form's limit type and amount.
  const calculator = useMemo(() => new PriceCalculatorStore(api, deal), [api, deal]);
  useEffect(() => {
    const follow = reaction(
      () => [store.values.limit_type, store.values.limit_value] as const,
      ([type, value]) => calculator.setPackage(type as FlatDeal['limit_type'], value === undefined || value === null ? '' : String(value)),
      { fireImmediately: true },
    );
    // The first package is priced at once, even when it is the deal's own (which sets nothing new to wait for).
    void calculator.price();
    return () => {
      follow();
      calculator.dispose();
    };
  }, [store, calculator]);
  const applied = store.result;
  useEffect(() => {
    if (applied) onApplied(applied);
  }, [applied, onApplied]);
  // The choices this deal offers: its limit types, and its creative formats (none: the field is not asked).
  const uiPatch = useMemo(
    () => ({
      // The page's heading names the form.
      'ui:title': '',
      limit_type: { 'ui:options': { only: deal.limits.map((l) => l.limit_type) } },
      creative_format: deal.creative_formats.length ? { 'ui:options': { choices: deal.creative_formats } } : { 'ui:widget': 'hidden' },
    }),
    [deal],
  );
  return (
    <SchemaForm store={store} theme={theme} uiPatch={uiPatch}>
      <OfferPrice calculator={calculator} />
      <div className={styles.cardActions}>
        <Button type="submit" intent="primary" loading={store.submitting} text={intl.formatMessage({ id: 'marketplace.offer.submit' })} />
        <RouterAnchorButton variant="minimal" to={`/flat-deal/${deal.id}`} text={intl.formatMessage({ id: 'marketplace.offer.cancel' })} />
      </div>
    </SchemaForm>
  );
});

/**
 * /flat-deal/:id/offer (the empty layout): the application for a deal (package, period, creative format, a note),
 * then its confirmation: the application as its page shows it, with the PDF and "Create the campaign".
 */
export default function FlatDealOfferPage() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { api } = useStores();
  const money = useMoney();
  const formats = useFormatTexts();
  const packageText = usePackageText();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `marketplace.offer.${key}` }, values);
  const dealId = /^\d{1,10}$/.test(id) ? Number(id) : null;
  const { data: deal, status, error, retry } = useLoader(useCallback((signal: AbortSignal) => api.get<{ data: FlatDeal }>(`flat-deals/${dealId}`, { signal, silent: true }).then((a) => a.data), [api, dealId]));
  // The application made, in the URL: a reload or the back button shows the confirmation, not an empty form.
  const appliedId = search.get('application');
  const onApplied = useCallback((a: MarketplaceFlatDealApplicationAnswer) => setSearch({ application: String(a.id) }, { replace: true }), [setSearch]);

  let body;
  if (appliedId && /^\d{1,10}$/.test(appliedId)) {
    body = (
      <>
        <Callout intent="success" title={t('sent')}>
          {t('sentHint')}
        </Callout>
        <ResourceItem id="flat-deal-applications" itemId={appliedId} />
      </>
    );
  } else if (dealId === null || (status === 'error' && (error as { status?: unknown } | null)?.status === 404)) {
    body = <NonIdealState icon="search" title={t('notFound')} action={<RouterAnchorButton to="/marketplace" text={t('back')} />} />;
  } else if (status === 'error') {
    body = <NonIdealState icon="error" title={t('failed')} action={<Button icon={<Refresh />} text={t('retry')} onClick={retry} />} />;
  } else if (!deal) {
    body = <Spinner aria-label={t('loading')} />;
  } else if (deal.status !== 'available') {
    body = <NonIdealState icon="disable" title={t('soldOut')} action={<RouterAnchorButton to={`/flat-deal/${deal.id}`} text={t('backToDeal')} />} />;
  } else {
    body = (
      <>
        <Card compact>
          <strong>{deal.name}</strong>
          <p className={Classes.TEXT_MUTED}>
            {t('summary', { format: formats.name(undefined, deal.ad_format_id), package: packageText(deal.limit_type, deal.limit_value), price: money(deal.price) })}
          </p>
        </Card>
        <SchemaEntryGate id="marketplace_flat_deal_application">{(entry) => <OfferForm deal={deal} entry={entry} onApplied={onApplied} />}</SchemaEntryGate>
      </>
    );
  }
  return (
    <main className={styles.offer} aria-labelledby="offer-title">
      <H2 id="offer-title">{t('title')}</H2>
      {body}
    </main>
  );
}
