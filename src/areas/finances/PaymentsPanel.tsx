import { useMemo } from 'react';
import { Tag } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import type { ResourceRow } from '../../../engine/resource/ResourceStore';
import { formatNumber } from '../../../engine/format';
import { methodText } from './paymentMethods';
import { ResourceTab } from '../../resources/ResourceTab';
import { useFinanceContext } from './useFinanceContext';
import styles from './Finances.module.css';

/** The kinds of method a payment may have been made with (their names, when the network no longer offers it). */
const METHOD_TYPES = ['card', 'paypal', 'usdt', 'wire_transfer'];

/**
 * The payments tab: the payments resource (schemas/finances/payments.resource.json) with each method named as the
 * network names it in the user's language (a method the network no longer offers by its type), and automatic
 * top-ups marked.
 */
export function PaymentsPanel() {
  const intl = useIntl();
  const { methods, locale } = useFinanceContext();
  const cells = useMemo(
    () => ({
      payment_method: (row: ResourceRow) => {
        const paid = row.payment_method as { id?: number; type?: string } | undefined;
        const method = methods.find((m) => m.id === paid?.id);
        const type = paid?.type ?? '';
        const name = method ? methodText(method, locale).name : METHOD_TYPES.includes(type) ? intl.formatMessage({ id: `finances.methodType.${type}` }) : type;
        const automatic = (row.metadata as { is_subscription?: boolean } | undefined)?.is_subscription;
        return (
          <span className={styles.methodCell}>
            {name}
            {automatic && (
              <Tag minimal round>
                {intl.formatMessage({ id: 'finances.payments.automatic' })}
              </Tag>
            )}
          </span>
        );
      },
      // What a payment that did not go through would have credited is not money the user has.
      credited: (row: ResourceRow) => (row.status === 'failed' || row.status === 'cancelled' ? <span aria-label={intl.formatMessage({ id: 'resources.none' })}>—</span> : formatNumber(row.credited, 'money', intl.locale)),
    }),
    [methods, locale, intl],
  );
  return <ResourceTab id="payments" cells={cells} />;
}
