import { Link } from 'react-router';
import { useIntl } from 'react-intl';
import { Tag } from '@blueprintjs/core';
import { usePanelLocale } from '../../i18n';
import { planText } from '../providers/public';
import type { Profile } from './ProfileStore';
import styles from './PersonalPage.module.css';

/** The user's traffic provider plan as the profile shows it: name, status and paid-until date, or none, with a link to the plans. */
export function ProviderPlanSummary({ subscription }: { subscription: Profile['trafficProviderSubscription'] }) {
  const intl = useIntl();
  const locale = usePanelLocale();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `profile.providerPlan.${id}` }, values);
  if (!subscription) {
    return (
      <p>
        {t('none')} <Link className={styles.inlineLink} to="/providers-subscription">
          {t('choose')}
        </Link>
      </p>
    );
  }
  const name = planText(subscription.plan, locale).name;
  const date = intl.formatDate(subscription.paid_until, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <p>
      <strong>{name}</strong>{' '}
      <Tag minimal intent={subscription.status === 'active' ? 'success' : subscription.status === 'past_due' ? 'danger' : 'warning'}>
        {t(`status.${subscription.status}`)}
      </Tag>
      <br />
      {t(subscription.status === 'cancelled' ? 'endsOn' : 'paidUntil', { date })} · <Link className={styles.inlineLink} to="/providers-subscription">
        {t('manage')}
      </Link>
    </p>
  );
}
