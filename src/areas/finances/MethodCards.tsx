import { useId } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Tag } from '@blueprintjs/core';
import { BankAccount, CreditCard } from '@blueprintjs/icons';
import { isSafeAssetUrl } from '../../app/safeAssetUrl';
import { useMoney } from '../../common/useMoney';
import type { AddFundsStore } from './AddFundsStore';
import { bonusTiers, isInvoiceMethod, methodText, type PaymentMethod } from './paymentMethods';
import styles from './Finances.module.css';

/** A percent as the locale writes it (`3%`, `4,5 %`), from a decimal string. */
export function usePercent() {
  const intl = useIntl();
  return (value: string) => intl.formatNumber(Number(value) / 100, { style: 'percent', maximumFractionDigits: 2 });
}

function MethodLogo({ method }: { method: PaymentMethod }) {
  if (isSafeAssetUrl(method.logo)) return <img className={styles.logo} src={method.logo} alt="" width={48} height={32} />;
  return <span className={styles.logo}>{isInvoiceMethod(method) ? <BankAccount size={24} /> : <CreditCard size={24} />}</span>;
}

/**
 * The network's ways to pay as a group of radio cards: logo, name and description in the user's language, the fee,
 * the minimum and the bonus tiers. Arrow keys move between them as in any radio group.
 */
export const MethodCards = observer(function MethodCards({ store, locale, labelledBy, describedBy }: { store: AddFundsStore; locale: string; labelledBy: string; describedBy?: string }) {
  const intl = useIntl();
  const money = useMoney();
  const percent = usePercent();
  const prefix = useId();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `finances.addFunds.${id}` }, values);
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy} className={styles.methods}>
      {store.methods.map((method) => {
        const text = methodText(method, locale);
        const chosen = store.methodId === method.id;
        const tiers = bonusTiers(method);
        const id = `${prefix}-${method.id}`;
        return (
          <label key={method.id} className={`${styles.method} ${chosen ? styles.methodChosen : ''}`} data-testid={`method-${method.id}`}>
            <input
              type="radio"
              name="payment_method_id"
              value={method.id}
              checked={chosen}
              onChange={() => store.select(method.id)}
              className={styles.radio}
              aria-labelledby={`${id}-name`}
              aria-describedby={`${id}-description ${id}-facts ${id}-tiers`}
            />
            <span className={styles.methodHead}>
              <MethodLogo method={method} />
              <span className={styles.methodName} id={`${id}-name`}>
                {text.name}
              </span>
            </span>
            {text.description && (
              <span className={styles.methodDescription} id={`${id}-description`}>
                {text.description}
              </span>
            )}
            <span className={styles.methodFacts} id={`${id}-facts`}>
              <Tag minimal>{Number(method.fee_percent) ? t('fee', { fee: percent(method.fee_percent) }) : t('noFee')}</Tag>
              <Tag minimal>{t('minimum', { amount: money(method.min_add_funds_amount) })}</Tag>
              {method.recurring && <Tag minimal>{t('recurring')}</Tag>}
            </span>
            {tiers.length > 0 && (
              <span className={styles.tiers} id={`${id}-tiers`}>
                {tiers.map((b) => (
                  <Tag key={b.from_amount} minimal intent="success">
                    {t('bonusTier', { bonus: percent(b.bonus_percent), from: money(b.from_amount) })}
                  </Tag>
                ))}
              </span>
            )}
          </label>
        );
      })}
    </div>
  );
});
