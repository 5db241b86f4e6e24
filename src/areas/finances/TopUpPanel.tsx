import { useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Alert, Button, Callout, Card, Classes, FormGroup, HTMLSelect, Intent, NonIdealState } from '@blueprintjs/core';
import { CreditCard, Refresh, Repeat, WarningSign } from '@blueprintjs/icons';
import { MoneyInput } from '../../../widgets/money/MoneyInput';
import { useStores } from '../../app/context';
import { useMoney } from '../../common/useMoney';
import { features } from '../../shell/networkFeatures';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { methodText } from './paymentMethods';
import { TopUpStore, type TopUpField } from './TopUpStore';
import { useFinanceContext } from './useFinanceContext';
import { useProblemText } from './useProblemText';
import styles from './Finances.module.css';

/**
 * The automatic top-up tab: when the free balance falls below a threshold, the card kept from an earlier payment is
 * charged an amount. Shows what is set (the card's last 4 digits, a warning when the last charge failed), lets the
 * user change it, and turns it off after a confirmation.
 */
export const TopUpPanel = observer(function TopUpPanel({ onChanged }: { onChanged?: () => void }) {
  const intl = useIntl();
  const { api, network } = useStores();
  const money = useMoney();
  const finance = useFinanceContext();
  const problemText = useProblemText(money);
  const methodsRef = finance.methods;
  const store = useMemo(() => new TopUpStore(api, () => methodsRef), [api, methodsRef]);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    void store.loader.run();
    return () => store.dispose();
  }, [store]);
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `finances.topUp.${id}` }, values);
  const currency = features.currencySign(network.settings);
  const current = store.current;
  const loader = store.loader;

  if (loader.status === 'error' && !loader.loaded) {
    return (
      <Callout intent="warning" role="alert" title={t('failed')}>
        <p>{loader.error instanceof Error ? loader.error.message : null}</p>
        <Button icon={<Refresh />} text={intl.formatMessage({ id: 'finances.retry' })} onClick={() => void loader.retry()} />
      </Callout>
    );
  }
  if (!loader.loaded) return <div className={`${Classes.SKELETON} ${styles.chartSkeleton}`} aria-label={intl.formatMessage({ id: 'app.loading' })} />;
  if (!store.recurringMethods.length) return <NonIdealState icon={<Repeat size={48} />} title={t('unavailable')} description={t('unavailableText')} />;

  const field = (id: TopUpField) => {
    const text = problemText(store.errors[id]);
    return { helperText: text, intent: text ? Intent.DANGER : Intent.NONE };
  };
  const save = async () => {
    if (await store.save()) onChanged?.();
  };

  return (
    <Card className={styles.panel} aria-label={t('title')} data-testid="top-up">
      <p className={styles.muted}>{t('intro')}</p>
      {current ? (
        <Callout intent={current.failed_at ? Intent.DANGER : Intent.SUCCESS} icon={current.failed_at ? <WarningSign /> : <CreditCard />} title={t(current.failed_at ? 'failedTitle' : 'onTitle')} data-testid="top-up-state">
          <p>
            {t('on', {
              threshold: money(current.threshold),
              amount: money(current.change_amount),
              // The gateway's customer id means nothing to a user: without the last digits it is "your kept card".
              card: current.card_last4 ? t('card', { last4: current.card_last4 }) : t('keptCard'),
            })}
          </p>
          {current.failed_at && <p>{t('failedText', { date: intl.formatDate(current.failed_at, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) })}</p>}
        </Callout>
      ) : (
        <Callout intent={Intent.NONE} title={t('offTitle')} data-testid="top-up-state">
          <p>{t('keepCardFirst')}</p>
          {finance.addFunds && <RouterAnchorButton variant="outlined" size="small" to="/add-funds" text={t('toAddFunds')} />}
        </Callout>
      )}
      <form
        className={styles.topUpForm}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <FormGroup label={t('method')} labelFor="top-up-method" {...field('payment_method_id')}>
          <HTMLSelect id="top-up-method" fill value={store.methodId ?? ''} onChange={(e) => store.set('payment_method_id', e.target.value)}>
            {store.recurringMethods.map((m) => (
              <option key={m.id} value={m.id}>
                {methodText(m, finance.locale).name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('threshold')} labelFor="top-up-threshold" {...field('threshold')}>
          <MoneyInput id="top-up-threshold" value={store.threshold} currency={currency} onValueChange={(v) => store.set('threshold', v)} intent={field('threshold').intent} />
        </FormGroup>
        <FormGroup
          label={t('amount')}
          labelFor="top-up-amount"
          {...field('change_amount')}
          helperText={field('change_amount').helperText ?? (store.method ? t('bounds', { min: money(store.method.min_add_funds_amount), max: money(store.method.max_add_funds_amount) }) : undefined)}
        >
          <MoneyInput id="top-up-amount" value={store.changeAmount} currency={currency} onValueChange={(v) => store.set('change_amount', v)} intent={field('change_amount').intent} />
        </FormGroup>
        {store.failure && (
          <Callout intent={Intent.DANGER} role="alert" className={styles.wide}>
            {store.failure}
          </Callout>
        )}
        {store.saved && (
          <p role="status" className={`${styles.wide} ${styles.saved}`}>
            {t(store.saved)}
          </p>
        )}
        <div className={`${styles.buttons} ${styles.wide}`}>
          <Button type="submit" intent="primary" text={t(current ? 'save' : 'turnOn')} loading={store.busy === 'save'} disabled={store.busy === 'remove'} />
          {current && <Button intent="danger" variant="outlined" text={t('turnOff')} loading={store.busy === 'remove'} disabled={store.busy === 'save'} onClick={() => setConfirming(true)} />}
        </div>
      </form>
      <Alert
        isOpen={confirming}
        intent="danger"
        icon={<Repeat />}
        loading={store.busy === 'remove'}
        cancelButtonText={intl.formatMessage({ id: 'resources.cancel' })}
        confirmButtonText={t('turnOff')}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          const done = await store.remove();
          setConfirming(false);
          if (done) onChanged?.();
        }}
      >
        <p>{t('turnOffConfirm')}</p>
      </Alert>
    </Card>
  );
});
