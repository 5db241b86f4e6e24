import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Callout, Classes, H2, NonIdealState, Spinner } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import { useStores } from '../../app/context';
import { toast } from '../../app/toast';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { PanelErrorBoundary } from '../../shell/PanelErrorBoundary';
import { PlanCard } from './PlanCard';
import { PlanDialog } from './PlanDialog';
import { SubscriptionStore } from './SubscriptionStore';
import { useUtcDate } from './useProviderFormats';
import styles from './Providers.module.css';

/** What the user's subscription needs from them: a past-due renewal to pay, or a cancelled plan to resume. */
const SubscriptionNotice = observer(function SubscriptionNotice({ store }: { store: SubscriptionStore }) {
  const intl = useIntl();
  const day = useUtcDate();
  const s = store.subscription;
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `providers.${id}` }, values);
  if (s?.status === 'past_due') {
    return (
      <Callout intent="warning" role="alert" title={t('pastDue.title')}>
        <p>{t('pastDue.text', { date: day(s.grace_until ?? s.paid_until) })}</p>
        <RouterAnchorButton intent="primary" to="/add-funds" text={t('pastDue.addFunds')} />
      </Callout>
    );
  }
  if (s?.status === 'cancelled') {
    return (
      <Callout intent="primary" title={t('cancelled.title')}>
        <p>{t('cancelled.text', { date: day(s.paid_until) })}</p>
      </Callout>
    );
  }
  return null;
});

/**
 * /providers-subscription: the network's traffic provider plans as cards, the user's own first and marked, with
 * Subscribe, Change, Resume, Pay now and Cancel; each asks first in a dialog that shows what it charges now.
 */
const SubscriptionPage = observer(function SubscriptionPage() {
  const intl = useIntl();
  const { api } = useStores();
  const [store] = useState(() => new SubscriptionStore(api));
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `providers.${id}` }, values);
  useEffect(() => {
    store.start();
    return () => store.dispose();
  }, [store]);

  let body;
  if (store.status === 'error') {
    body = (
      <Callout intent="danger" role="alert" title={t('plans.failed')}>
        <p>{store.error instanceof Error ? store.error.message : null}</p>
        <Button icon={<Refresh />} text={t('retry')} onClick={store.retry} />
      </Callout>
    );
  } else if (store.status === 'loading') {
    body = <Spinner aria-label={t('plans.loading')} />;
  } else if (!store.plans.length) {
    body = <NonIdealState icon="shop" title={t('plans.none')} description={t('plans.noneText')} />;
  } else {
    body = (
      <>
        <SubscriptionNotice store={store} />
        <ul className={styles.planGrid} aria-label={t('plans.list')}>
          {store.sortedPlans.map((plan) => (
            <li key={plan.id}>
              <PlanCard plan={plan} current={store.isCurrent(plan) ? store.subscription : null} actions={store.actionsOf(plan)} onAction={store.open} />
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <section className={styles.page} aria-labelledby="providers-subscription-title">
      <header className={styles.header}>
        <H2 id="providers-subscription-title">{t('plans.title')}</H2>
        <p className={Classes.TEXT_MUTED}>{t('plans.intro')}</p>
      </header>
      <PanelErrorBoundary title={t('panelFailed')}>{body}</PanelErrorBoundary>
      <PlanDialog store={store} onDone={(action, plan) => toast(t(`done.${action}`, { plan }), 'success')} />
    </section>
  );
});

export default SubscriptionPage;
