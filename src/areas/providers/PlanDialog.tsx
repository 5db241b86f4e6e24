import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable, Spinner } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import type { SubscriptionQuote } from '../../../generated/types';
import { useMoney } from '../../common/useMoney';
import { planText } from './planText';
import { problemText, type SubscriptionStore } from './SubscriptionStore';
import { usePanelLocale, useUtcDate } from './useProviderFormats';
import styles from './Providers.module.css';

/** What the action charges now: the price, the credit for the unused days, and the amount due or credited back. */
function QuoteTable({ quote }: { quote: SubscriptionQuote }) {
  const intl = useIntl();
  const money = useMoney();
  const day = useUtcDate();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `providers.dialog.${id}` }, values);
  const back = quote.amount_due.startsWith('-');
  // A negative amount due is money back: shown as a positive sum under its own words, never as "-12.00 charged".
  const rows: [string, string][] = [[t('price'), money(quote.price)]];
  if (quote.unused_days > 0 || /[1-9]/.test(quote.credit)) rows.push([t('credit', { days: quote.unused_days }), `− ${money(quote.credit)}`]);
  rows.push(back ? [t('creditBack'), money(quote.amount_due.replace(/^-/, ''))] : [t('due'), money(quote.amount_due)]);
  rows.push([t('paidUntil'), day(quote.paid_until)]);
  return (
    <HTMLTable compact className={styles.quote} data-testid="subscription-quote">
      <tbody>
        {rows.map(([label, value], i) => (
          <tr key={label} className={i === rows.length - 2 ? styles.quoteTotal : undefined}>
            <th scope="row">{label}</th>
            <td className={styles.num}>{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/**
 * The confirmation of a plan action: it loads the quote first and shows what is charged now (a cancel says when the
 * plan ends instead), and only then may it be confirmed. A refusal is shown here and the dialog stays open.
 */
export const PlanDialog = observer(function PlanDialog({ store, onDone }: { store: SubscriptionStore; onDone: (action: string, plan: string) => void }) {
  const intl = useIntl();
  const day = useUtcDate();
  const locale = usePanelLocale();
  const pending = store.pending;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `providers.${id}` }, values);
  if (!pending) return null;
  const name = planText(pending.plan, locale).name;
  const { action } = pending;
  const loader = store.quoteLoader;
  let body;
  if (action === 'cancel') body = <p>{t('dialog.cancelText', { date: day(store.subscription?.paid_until ?? '') })}</p>;
  else if (loader.status === 'error')
    body = (
      <Callout intent="danger" role="alert" title={t('dialog.quoteFailed')}>
        <p>{problemText(loader.error)}</p>
        <Button icon={<Refresh />} text={t('retry')} onClick={() => void loader.retry()} />
      </Callout>
    );
  else if (!store.quote) body = <Spinner size={24} aria-label={t('dialog.loading')} />;
  else if (store.quote.kind === 'resume') body = <p>{t('dialog.resumeText', { date: day(store.quote.paid_until) })}</p>;
  else body = <QuoteTable quote={store.quote} />;
  const confirm = async () => {
    const done = await store.confirm();
    if (done) onDone(done, name);
  };
  return (
    <Dialog isOpen title={t(`dialog.title.${action}`, { plan: name })} onClose={store.close} canEscapeKeyClose={!store.submitting} canOutsideClickClose={!store.submitting}>
      <DialogBody>
        <div aria-live="polite" aria-busy={loader.isLoading}>
          {body}
        </div>
        {store.problem ? (
          <Callout intent="danger" role="alert" title={t('dialog.refused')} className={styles.problem}>
            {store.problem}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t(action === 'cancel' ? 'dialog.keep' : 'dialog.back')} onClick={store.close} disabled={store.submitting} />
            <Button intent={action === 'cancel' ? 'danger' : 'primary'} text={t(`action.${action}`)} loading={store.submitting} disabled={!store.canConfirm} onClick={() => void confirm()} />
          </>
        }
      />
    </Dialog>
  );
});
