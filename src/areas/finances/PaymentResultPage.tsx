import { useEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { AnchorButton, Button, Card, H2, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { Envelope, Error as ErrorIcon, Help, Refresh, Search, Tick, Time } from '@blueprintjs/icons';
import type { FinancesPaymentAnswer } from '../../../generated/types';
import { useStores } from '../../app/context';
import { useMoney } from '../../common/useMoney';
import { features } from '../../shell/networkFeatures';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { PaymentOutcomeStore } from './PaymentOutcomeStore';
import styles from './Finances.module.css';

/** How long the error page keeps asking for the gateway's reason. */
const ERROR_PAGE_POLL_MS = 45_000;

/** The way back to the form with the same method and amount. */
const retryPath = (payment: FinancesPaymentAnswer | null) =>
  payment ? `/add-funds?${new URLSearchParams({ method: String(payment.payment_method.id), amount: payment.amount }).toString()}` : '/add-funds';

/** The network's support: its e-mail, else its help page; nothing when it configures neither. */
const SupportLink = observer(function SupportLink() {
  const intl = useIntl();
  const { network } = useStores();
  const links = features.supportLinks(network.settings);
  const link = links.find((l) => l.kind === 'email') ?? links.find((l) => l.kind === 'help');
  if (!link) return null;
  const email = link.kind === 'email';
  return (
    <AnchorButton
      variant="minimal"
      icon={email ? <Envelope /> : <Help />}
      href={link.href}
      target={email ? undefined : '_blank'}
      rel={email ? undefined : 'noopener noreferrer'}
      text={intl.formatMessage({ id: 'finances.result.support' })}
      data-testid="support-link"
    />
  );
});

/** What the payment brought: the amount paid, the fee, the bonus and what was credited. */
function Figures({ payment }: { payment: FinancesPaymentAnswer }) {
  const intl = useIntl();
  const money = useMoney();
  const t = (id: string) => intl.formatMessage({ id: `finances.result.${id}` });
  return (
    <HTMLTable compact className={styles.breakdown}>
      <tbody>
        <tr>
          <th scope="row">{t('number')}</th>
          <td>{payment.number}</td>
        </tr>
        <tr>
          <th scope="row">{t('paid')}</th>
          <td>{money(payment.amount)}</td>
        </tr>
        <tr>
          <th scope="row">{t('fee')}</th>
          <td>{money(payment.fee)}</td>
        </tr>
        <tr>
          <th scope="row">{t('bonus')}</th>
          <td>{money(payment.bonus)}</td>
        </tr>
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('credited')}</th>
          <td>{money(payment.credited)}</td>
        </tr>
      </tfoot>
    </HTMLTable>
  );
}

/**
 * /add-funds/success and /add-funds/error, where the gateway sends the user back (`?payment=ID`). Success asks the
 * server every 2 s for up to a minute ("waiting for the bank's confirmation") until the gateway's word arrives, then
 * shows what was credited and refreshes the balance in the top bar; a failure shows the gateway's reason, "try again"
 * (the same method and amount) and the way to support. Either page shows the truth when it differs from the address
 * (a success that failed after all, a cancel that went through).
 */
const PaymentResultPage = observer(function PaymentResultPage() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { api, user } = useStores();
  const money = useMoney();
  const success = pathname.endsWith('/success');
  const id = params.get('payment') ?? '';
  // The gateway sends the user back before its webhook arrives: both pages keep asking a while. The error page shows
  // the failure at once and takes the bank's reason when it comes (or the success, should the payment have gone through).
  const store = useMemo(() => new PaymentOutcomeStore(api, id, { poll: true, forMs: success ? undefined : ERROR_PAGE_POLL_MS, onSucceeded: () => void user.refresh() }), [api, id, success, user]);
  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `finances.result.${key}` }, values);
  const payment = store.payment;
  const toFinances = <RouterAnchorButton variant="minimal" to="/finances/payments" text={t('toPayments')} />;

  let body;
  if (store.state === 'missing') {
    body = <NonIdealState icon={<Search size={48} />} title={t('missing')} description={t('missingText')} action={<RouterAnchorButton intent="primary" to="/add-funds" text={t('addFunds')} />} />;
  } else if (store.state === 'error') {
    body = <NonIdealState icon={<ErrorIcon size={48} />} title={t('loadFailed')} description={store.error ?? undefined} action={<Button icon={<Refresh />} text={intl.formatMessage({ id: 'finances.retry' })} onClick={store.start} />} />;
  } else if (!payment || store.state === 'loading') {
    body = <NonIdealState icon={<Spinner size={48} />} title={t('checking')} />;
  } else if (payment.status === 'succeeded') {
    body = (
      <NonIdealState
        icon={<Tick size={48} className={styles.ok} />}
        iconMuted={false}
        title={t('succeeded')}
        description={
          <>
            <p data-testid="credited">{t('creditedText', { amount: money(payment.credited) })}</p>
            <Figures payment={payment} />
          </>
        }
        action={
          <div className={styles.buttons}>
            <RouterAnchorButton intent="primary" to="/dashboard" text={t('toDashboard')} />
            {toFinances}
          </div>
        }
      />
    );
  } else if (payment.status === 'refunded') {
    body = <NonIdealState icon={<Refresh size={48} />} title={t('refunded')} description={t('refundedText', { amount: money(payment.amount) })} action={toFinances} />;
  } else if (success && (store.state === 'waiting' || store.state === 'slow')) {
    body =
      store.state === 'waiting' ? (
        <div data-testid="waiting">
          <NonIdealState icon={<Spinner size={48} />} title={t('waiting')} description={<span role="status">{t('waitingText', { amount: money(payment.amount) })}</span>} />
        </div>
      ) : (
        <NonIdealState
          icon={<Time size={48} />}
          title={t('slow')}
          description={t('slowText')}
          action={
            <div className={styles.buttons}>
              <Button icon={<Refresh />} intent="primary" text={t('checkAgain')} onClick={store.start} />
              {toFinances}
            </div>
          }
        />
      );
  } else {
    // Failed, cancelled, or (on the error page) not completed at the gateway.
    const reason = payment.failure_reason || t(payment.status === 'cancelled' ? 'cancelledText' : 'notCompletedText');
    body = (
      <NonIdealState
        icon={<ErrorIcon size={48} className={styles.bad} />}
        iconMuted={false}
        title={t(payment.status === 'cancelled' ? 'cancelled' : 'failed')}
        description={
          <p role="alert" data-testid="failure-reason">
            {reason}
          </p>
        }
        action={
          <div className={styles.buttons}>
            <RouterAnchorButton intent="primary" icon={<Refresh />} to={retryPath(payment)} text={t('tryAgain')} data-testid="try-again" />
            <SupportLink />
            {toFinances}
          </div>
        }
      />
    );
  }

  return (
    <section className={styles.page} aria-labelledby="payment-result-title">
      <header className={styles.header}>
        <H2 id="payment-result-title">{t('title')}</H2>
      </header>
      <Card className={styles.result} aria-busy={store.state === 'loading' || store.state === 'waiting'}>
        {body}
      </Card>
    </section>
  );
});

export default PaymentResultPage;
