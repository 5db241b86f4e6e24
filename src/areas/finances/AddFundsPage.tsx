import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, ButtonGroup, Callout, Card, Checkbox, Classes, FormGroup, H2, HTMLTable, Intent, NonIdealState } from '@blueprintjs/core';
import { Document, IdNumber, Lock, Refresh } from '@blueprintjs/icons';
import { MoneyInput } from '../../../widgets/money/MoneyInput';
import { useStores } from '../../app/context';
import { useMoney } from '../../common/useMoney';
import { features } from '../../shell/networkFeatures';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { AddFundsStore } from './AddFundsStore';
import { submitGatewayForm } from './gatewayForm';
import { MethodCards, usePercent } from './MethodCards';
import { isInvoiceMethod, nextBonus, quickAmounts } from './paymentMethods';
import { useFinanceContext } from './useFinanceContext';
import { useProblemText } from './useProblemText';
import styles from './Finances.module.css';

/** What reaches the balance: the amount, the fee kept, the bonus added and the sum credited, as the server will charge. */
const Breakdown = observer(function Breakdown({ store }: { store: AddFundsStore }) {
  const intl = useIntl();
  const money = useMoney();
  const percent = usePercent();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `finances.addFunds.${id}` }, values);
  const q = store.quote;
  const method = store.method;
  return (
    <HTMLTable compact className={styles.breakdown} aria-live="polite" data-testid="breakdown">
      <tbody>
        <tr>
          <th scope="row">{t('amount')}</th>
          <td>{q ? money(q.amount) : '—'}</td>
        </tr>
        <tr>
          <th scope="row">{method ? t('feeRow', { fee: percent(method.fee_percent) }) : t('feeRowPlain')}</th>
          <td>{q ? (Number(q.fee) ? `−${money(q.fee)}` : money(q.fee)) : '—'}</td>
        </tr>
        <tr>
          <th scope="row">{q && Number(q.bonusPercent) ? t('bonusRow', { bonus: percent(q.bonusPercent) }) : t('bonusRowPlain')}</th>
          <td className={q && Number(q.bonus) ? styles.plus : undefined}>{q ? (Number(q.bonus) ? `+${money(q.bonus)}` : money(q.bonus)) : '—'}</td>
        </tr>
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('credited')}</th>
          <td data-testid="breakdown-credited">{q ? money(q.credited) : '—'}</td>
        </tr>
      </tfoot>
    </HTMLTable>
  );
});

/**
 * /add-funds: the network's ways to pay as cards, the amount (with one-click amounts and the next bonus tier), the live
 * breakdown of what reaches the balance, "keep the card for automatic top-ups" where the method can, the card
 * verification the network may require, and Pay, which starts the payment and leaves for the gateway's page. A bank
 * transfer goes to the invoice form with the amount instead. `?method=&amount=` start the form (after a failed try).
 */
const AddFundsPage = observer(function AddFundsPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const { api, settings, network } = useStores();
  const finance = useFinanceContext();
  const money = useMoney();
  const percent = usePercent();
  const problemText = useProblemText(money);
  const store = useMemo(
    () =>
      new AddFundsStore(api, {
        methods: () => settings.data?.payment_methods ?? [],
        verificationRequired: () => settings.data?.card_verification_required ?? false,
        // An embedded gateway page leaves for the gateway too: its page is a whole checkout, not a widget.
        go: (form) => submitGatewayForm(form),
      }),
    [api, settings],
  );
  useEffect(() => void settings.load(), [settings]);
  const ready = settings.status === 'ready';
  useEffect(() => {
    if (ready) store.start(params);
    return () => store.dispose();
    // The link's method and amount are read once, when the methods are known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, ready]);
  // Coming back from the gateway with the browser's back button shows this page as it was left: busy no more.
  useEffect(() => {
    const back = (event: PageTransitionEvent) => event.persisted && store.resume();
    window.addEventListener('pageshow', back);
    return () => window.removeEventListener('pageshow', back);
  }, [store]);
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `finances.addFunds.${id}` }, values);
  const currency = features.currencySign(network.settings);

  if (settings.status === 'error') {
    return (
      <section className={styles.page}>
        <NonIdealState icon={<Refresh size={48} />} title={intl.formatMessage({ id: 'app.loadFailed' })} action={<Button text={intl.formatMessage({ id: 'finances.retry' })} onClick={() => void settings.loader.retry()} />} />
      </section>
    );
  }
  if (!ready) return <section className={styles.page}><div className={`${Classes.SKELETON} ${styles.chartSkeleton}`} aria-label={intl.formatMessage({ id: 'app.loading' })} /></section>;
  if (!store.methods.length) {
    return (
      <section className={styles.page}>
        <H2>{t('title')}</H2>
        <NonIdealState icon={<Lock size={48} />} title={t('noMethods')} description={t('noMethodsText')} />
      </section>
    );
  }

  const method = store.method;
  const invoice = method ? isInvoiceMethod(method) : false;
  const amountError = problemText(store.errors.amount);
  const methodError = problemText(store.errors.payment_method_id);
  // The next tier's hint once an amount is typed (before that the cards list the tiers).
  const next = method && store.amount ? nextBonus(method, store.amount) : null;
  const busy = store.submitting || store.leaving;
  const invoiceLink = `/finances/invoices/create${store.amount ? `?amount=${encodeURIComponent(store.amount)}` : ''}`;

  return (
    <section className={styles.page} aria-labelledby="add-funds-title">
      <header className={styles.header}>
        <H2 id="add-funds-title">{t('title')}</H2>
        <RouterAnchorButton variant="minimal" to="/finances/payments" text={t('history')} />
      </header>
      <form
        className={styles.addFunds}
        noValidate
        aria-busy={busy}
        onSubmit={(e) => {
          e.preventDefault();
          if (!invoice) void store.submit();
        }}
      >
        <div className={styles.addFundsMain}>
          <Card className={styles.panel}>
            <h3 id="add-funds-methods" className={Classes.HEADING}>
              {t('methods')}
            </h3>
            <MethodCards store={store} locale={finance.locale} labelledBy="add-funds-methods" describedBy={methodError ? 'add-funds-method-error' : undefined} />
            {methodError && (
              <p id="add-funds-method-error" className={styles.error} role="alert">
                {methodError}
              </p>
            )}
          </Card>
          {store.needsVerification && (
            <Callout intent={Intent.WARNING} icon={<IdNumber />} title={t('verifyTitle')} data-testid="verification-required">
              <p>{t('verifyText')}</p>
              <RouterAnchorButton intent="warning" to="/verifications/photo_of_card" text={t('verifyLink')} />
            </Callout>
          )}
          <Card className={styles.panel}>
            <h3 className={Classes.HEADING}>{t('amountTitle')}</h3>
            <FormGroup
              label={t('amount')}
              labelFor="add-funds-amount"
              intent={amountError ? Intent.DANGER : Intent.NONE}
              helperText={amountError ?? (method ? t('bounds', { min: money(method.min_add_funds_amount), max: money(method.max_add_funds_amount) }) : undefined)}
            >
              <MoneyInput id="add-funds-amount" name="amount" value={store.amount} currency={currency} onValueChange={store.setAmount} intent={amountError ? Intent.DANGER : Intent.NONE} aria-invalid={Boolean(amountError)} />
            </FormGroup>
            {method && (
              <ButtonGroup className={styles.quick} role="group" aria-label={t('quick')}>
                {quickAmounts(method).map((amount) => (
                  <Button key={amount} size="small" variant="outlined" text={money(amount)} active={store.amount !== '' && Number(store.amount) === Number(amount)} onClick={() => store.setAmount(amount)} />
                ))}
              </ButtonGroup>
            )}
            {next && (
              <p className={styles.hint} data-testid="next-bonus">
                {t('nextBonus', { missing: money(next.missing), bonus: percent(next.percent) })}
              </p>
            )}
            {method?.recurring && !invoice && (
              <Checkbox checked={store.saveCard} onChange={(e) => store.setSaveCard(e.currentTarget.checked)} label={t('saveCard')} />
            )}
            {method?.recurring && !invoice && <p className={styles.muted}>{t('saveCardHint')}</p>}
            {store.errors.save_card && (
              <p className={styles.error} role="alert">
                {problemText(store.errors.save_card)}
              </p>
            )}
          </Card>
        </div>
        <aside className={styles.addFundsSide} aria-labelledby="add-funds-summary">
          <Card className={styles.panel}>
            <h3 id="add-funds-summary" className={Classes.HEADING}>
              {t('summary')}
            </h3>
            <Breakdown store={store} />
            {store.failure && (
              <Callout intent={Intent.DANGER} role="alert" data-testid="add-funds-failure">
                {store.failure}
              </Callout>
            )}
            {invoice ? (
              !finance.invoicesSection ? (
                <Callout intent={Intent.PRIMARY}>{t('invoiceUnavailable')}</Callout>
              ) : finance.company ? (
                <>
                  <p className={styles.muted}>{t('invoiceText')}</p>
                  <RouterAnchorButton intent="primary" size="large" fill icon={<Document />} to={invoiceLink} text={t('createInvoice')} data-testid="create-invoice" />
                </>
              ) : (
                <Callout intent={Intent.PRIMARY}>
                  <p>{t('invoicePersonal')}</p>
                  <RouterAnchorButton size="small" to="/personal" text={intl.formatMessage({ id: 'finances.invoices.toProfile' })} />
                </Callout>
              )
            ) : (
              <>
                <Button type="submit" intent="primary" size="large" fill loading={busy} disabled={store.needsVerification} text={store.quote ? t('pay', { amount: money(store.quote.amount) }) : t('payPlain')} data-testid="pay" />
                {busy && (
                  <p className={styles.muted} role="status">
                    {t(store.leaving ? 'leaving' : 'starting')}
                  </p>
                )}
                <p className={styles.muted}>
                  <Lock size={12} /> {t('secure')}
                </p>
              </>
            )}
          </Card>
        </aside>
      </form>
    </section>
  );
});

export default AddFundsPage;
