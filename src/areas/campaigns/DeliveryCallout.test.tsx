import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import campaigns from '../../locales/en/campaigns.json';
import type { CampaignDelivery } from '../../../generated/types';
import { DeliveryCallout } from './DeliveryCallout';

const show = (delivery: CampaignDelivery) =>
  render(
    <IntlProvider locale="en" messages={campaigns}>
      <DeliveryCallout delivery={delivery} activeTo="2026-11-30" />
    </IntlProvider>,
  ).unmount;

const text = () => screen.getByRole('status', { name: 'Delivery' }).textContent;

describe('DeliveryCallout', () => {
  it('names when the campaign buys again, in UTC', () => {
    const unmount = show({ state: 'limit_reached', period: 'daily', limit_type: 'impressions', until: '2026-11-28T00:00:00.000Z' });
    expect(text()).toBe('Its daily impressions limit is reached: it buys again on Nov 28, 2026, 12:00 AM UTC.');
    unmount();
  });

  it('says what to do when nothing will start it by itself: a total limit, or a schedule with no hour left', () => {
    let unmount = show({ state: 'limit_reached', period: 'total', limit_type: 'clicks', until: null });
    expect(text()).toBe('Its total clicks limit is reached: raise the limit to buy more.');
    unmount();
    unmount = show({ state: 'outside_schedule', until: null });
    expect(text()).toBe(campaigns['delivery.noOpenHour']);
    unmount();
    unmount = show({ state: 'finished', until: null });
    expect(text()).toBe('Ended on Nov 30, 2026: set a later end date to run it again.');
    unmount();
  });
});
