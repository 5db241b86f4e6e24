import { Callout, type Intent } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import type { CampaignDelivery } from '../../../generated/types';

/** How loud each state is: buying is good news, a stop the advertiser can fix is a warning. */
const INTENTS: Record<CampaignDelivery['state'], Intent> = {
  delivering: 'success',
  archived: 'none',
  awaiting_approval: 'primary',
  rejected: 'danger',
  paused: 'none',
  frozen: 'danger',
  finished: 'none',
  scheduled: 'primary',
  cpa_test_failed: 'danger',
  limit_reached: 'warning',
  outside_schedule: 'primary',
};

/**
 * Why the campaign is or is not buying traffic now (the answer's `delivery`, server/areas/campaigns/delivery.ts),
 * and when it buys again by itself. Times are UTC, as the schedule and the limits' hours and days are.
 */
export function DeliveryCallout({ delivery, activeTo }: { delivery: CampaignDelivery; activeTo: string | null }) {
  const intl = useIntl();
  const when = delivery.until ? intl.formatDate(delivery.until, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) : null;
  const params = {
    until: when,
    period: delivery.period ?? 'total',
    type: delivery.limit_type ?? 'money',
    activeTo: activeTo ? intl.formatDate(`${activeTo}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }) : '',
  };
  // A state that waits for an hour gets none when the schedule never opens again (no hour ticked, or past the dates).
  const waitsForAnHour = delivery.state === 'scheduled' || delivery.state === 'outside_schedule' || (delivery.state === 'limit_reached' && delivery.period !== 'total');
  const key = waitsForAnHour && !when ? 'delivery.noOpenHour' : delivery.state === 'limit_reached' && !when ? 'delivery.limit_reached.forGood' : `delivery.${delivery.state}`;
  return (
    <Callout intent={INTENTS[delivery.state]} role="status" aria-label={intl.formatMessage({ id: 'delivery.label' })}>
      {intl.formatMessage({ id: key }, params)}
    </Callout>
  );
}
