import { useLayoutEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Card, Classes, H3, Tag } from '@blueprintjs/core';
import { Tick, Cross } from '@blueprintjs/icons';
import type { ProvidersSubscriptionAnswer, SubscriptionPlan } from '../../../generated/types';
import { useMoney } from '../../common/useMoney';
import { readablePlanColor } from './planColor';
import { planText } from './planText';
import type { PlanAction } from './SubscriptionStore';
import { usePanelLocale, useUtcDate } from './useProviderFormats';
import styles from './Providers.module.css';

/** One yes/no line of a plan: what it allows, with an icon and the words (the icon alone says nothing to a screen reader). */
function Allowance({ allowed, yes, no }: { allowed: boolean; yes: string; no: string }) {
  const intl = useIntl();
  const Icon = allowed ? Tick : Cross;
  return (
    <li className={allowed ? styles.allowed : styles.notAllowed}>
      <Icon aria-hidden="true" />
      <span className={styles.visuallyHidden}>{intl.formatMessage({ id: allowed ? 'providers.plan.allowed' : 'providers.plan.notAllowed' })}: </span>
      <span>{allowed ? yes : no}</span>
    </li>
  );
}

/**
 * A plan as a card: its name in the plan's colour (where readable on the card), description, price per billing
 * period, limits, allowances, and the buttons the user's subscription allows. The user's own plan says so, with its
 * status and paid-until date.
 */
export function PlanCard({ plan, current, actions, onAction }: { plan: SubscriptionPlan; current: ProvidersSubscriptionAnswer | null; actions: PlanAction[]; onAction: (action: PlanAction, plan: SubscriptionPlan) => void }) {
  const intl = useIntl();
  const money = useMoney();
  const day = useUtcDate();
  const text = planText(plan, usePanelLocale());
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `providers.${id}` }, values);
  const box = useRef<HTMLDivElement>(null);
  const [dark, setDark] = useState(false);
  useLayoutEffect(() => setDark(!!box.current?.closest(`.${Classes.DARK}`)), []);
  const titleId = `plan-${plan.id}-title`;
  const status = current?.status;
  return (
    <Card ref={box} className={current ? `${styles.plan} ${styles.currentPlan}` : styles.plan} aria-labelledby={titleId} role="article">
      <header className={styles.planHeader}>
        <H3 id={titleId} style={{ color: readablePlanColor(plan.text_color, dark) }}>
          {text.name}
        </H3>
        <div className={styles.tags}>
          {current ? (
            <Tag intent="primary" round>
              {t('plan.current')}
            </Tag>
          ) : null}
          {plan.status === 'archived' ? (
            <Tag minimal round title={t('plan.archivedHint')}>
              {t('plan.archived')}
            </Tag>
          ) : null}
        </div>
      </header>
      {current ? (
        <p className={styles.planState}>
          <Tag minimal intent={status === 'active' ? 'success' : status === 'past_due' ? 'danger' : 'warning'}>
            {t(`plan.status.${current.status}`)}
          </Tag>{' '}
          {status === 'cancelled' ? t('plan.endsOn', { date: day(current.paid_until) }) : t('plan.paidUntil', { date: day(current.paid_until) })}
          {status === 'past_due' && current.grace_until ? (
            <>
              {' · '}
              <strong>{t('plan.graceUntil', { date: day(current.grace_until) })}</strong>
            </>
          ) : null}
        </p>
      ) : null}
      <p className={styles.price}>{t('plan.price', { price: money(plan.price), days: plan.billing_period_days })}</p>
      <p className={Classes.TEXT_MUTED}>{text.description}</p>
      <ul className={styles.facts}>
        <li>{t('plan.maxProviders', { count: plan.max_providers })}</li>
        <li>{t('plan.rps', { rps: intl.formatNumber(plan.max_requests_per_second) })}</li>
        <Allowance allowed={plan.allow_disabling_main_provider} yes={t('plan.disableMain.yes')} no={t('plan.disableMain.no')} />
        <Allowance allowed={plan.allow_private_ssp_formats} yes={t('plan.privateFormats.yes')} no={t('plan.privateFormats.no')} />
      </ul>
      {actions.length ? (
        <div className={styles.planButtons}>
          {actions.map((action) => (
            <Button
              key={action}
              intent={action === 'cancel' ? 'danger' : 'primary'}
              variant={action === 'cancel' ? 'outlined' : undefined}
              text={t(`action.${action}`)}
              aria-label={t('action.named', { action: t(`action.${action}`), plan: text.name })}
              onClick={() => onAction(action, plan)}
            />
          ))}
        </div>
      ) : null}
    </Card>
  );
}
