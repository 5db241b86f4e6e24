import { useEffect, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Callout, Card, FormGroup, H3, InputGroup, SegmentedControl, Spinner } from '@blueprintjs/core';
import type { FlatDeal } from '../../../generated/types';
import { useStores } from '../../app/context';
import { useMoney } from '../../common/useMoney';
import { PriceCalculatorStore } from './PriceCalculatorStore';
import styles from './Marketplace.module.css';

/**
 * The price of a package of the deal: buy by impressions, clicks or days (those the deal sells), an amount, and the
 * price the server gives for it (subtotal, volume discount, price), asked again once typing rests.
 * `onPackage` hears every package that has a price (the Apply link carries it).
 */
export const PriceCalculator = observer(function PriceCalculator({ deal, onPackage }: { deal: FlatDeal; onPackage: (limitType: string, value: number | null) => void }) {
  const intl = useIntl();
  const { api } = useStores();
  const money = useMoney();
  const store = useMemo(() => new PriceCalculatorStore(api, deal), [api, deal]);
  useEffect(() => {
    void store.price();
    return () => store.dispose();
  }, [store]);
  useEffect(() => onPackage(store.limitType, store.quote ? store.quote.limit_value : null), [onPackage, store.limitType, store.quote]);
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `marketplace.price.${id}` }, values);
  const { limit, quote } = store;
  const range = t('range', { min: intl.formatNumber(limit.min_value), max: intl.formatNumber(limit.max_value) });
  return (
    <Card className={styles.column} aria-labelledby="price-title">
      <H3 id="price-title">{t('title')}</H3>
      <FormGroup label={t('buyBy')}>
        <SegmentedControl
          aria-label={t('buyBy')}
          value={store.limitType}
          onValueChange={(v) => store.setLimitType(v as FlatDeal['limit_type'])}
          options={deal.limits.map((l) => ({ value: l.limit_type, label: intl.formatMessage({ id: `marketplace.limitType.${l.limit_type}` }) }))}
        />
      </FormGroup>
      <FormGroup label={t('amount')} labelFor="price-amount" intent={store.outOfRange ? 'danger' : 'none'} helperText={range}>
        <InputGroup id="price-amount" inputMode="numeric" autoComplete="off" value={store.amount} intent={store.outOfRange ? 'danger' : 'none'} aria-invalid={store.outOfRange || undefined} onValueChange={store.setAmount} />
      </FormGroup>
      {store.problem ? (
        <Callout intent="danger" role="alert" compact>
          {store.problem}
        </Callout>
      ) : null}
      <dl className={styles.facts} aria-live="polite" aria-busy={store.pricing || undefined}>
        <dt>{t('rate')}</dt>
        <dd>{t(`per.${limit.limit_type}`, { rate: money(limit.rate, 'cost') })}</dd>
        {quote ? (
          <>
            <dt>{t('subtotal')}</dt>
            <dd>{money(quote.subtotal)}</dd>
            <dt>{t('discount', { percent: intl.formatNumber(Number(quote.discount_percent), { maximumFractionDigits: 2 }) })}</dt>
            <dd>−{money(quote.discount)}</dd>
          </>
        ) : null}
      </dl>
      <span className={styles.price} data-testid="deal-price">
        {store.pricing ? <Spinner size={18} aria-label={t('pricing')} /> : quote ? money(quote.price) : '—'}
      </span>
    </Card>
  );
});
