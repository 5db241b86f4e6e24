import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { ApiError } from '../../../engine/api/errors';
import type { RequestConfig } from '../../../engine/api/ApiClient';
import type { ProvidersSubscriptionAnswer, SubscriptionPlan } from '../../../generated/types';
import { RootStore } from '../../app/RootStore';
import { StoreContext } from '../../app/context';
import { settleToasts } from '../../app/toast';
import { loadMessages, type CompiledMessages } from '../../i18n';
import SubscriptionPage from './SubscriptionPage';

const plan = (id: number, name: string, price: string): SubscriptionPlan => ({
  id, name, description: `${name} plan`, price, currency: 'USD', billing_period_days: 30, max_providers: id * 5, max_requests_per_second: id * 1000,
  allow_disabling_main_provider: id > 1, allow_private_ssp_formats: false, text_color: '#215db0', status: 'active',
  translations: [{ locale: 'en', name, description: `${name} plan` }],
});
const STARTER = plan(1, 'Starter', '49.00');
const GROWTH = plan(2, 'Growth', '149.00');
const current: ProvidersSubscriptionAnswer = {
  id: 3, paid_until: '2026-07-01T00:00:00.000Z', plan: STARTER, status: 'active', grace_until: null, usage: { providers: 1, requests_per_second: 200 }, created_at: '2026-06-01T00:00:00.000Z',
};

let messages: CompiledMessages;
let stores: RootStore;
beforeAll(async () => {
  messages = await loadMessages('en', ['guest', 'panel']);
});
afterEach(async () => {
  cleanup();
  stores?.session.dispose();
  await settleToasts();
});

/** The subscription calls answered from memory; a PUT answers 409 while `refuse` is set. */
function serve(state: { refuse: string | null }) {
  const calls: RequestConfig[] = [];
  stores = new RootStore({ notify: () => {}, report: () => {} });
  vi.spyOn(stores.api, 'request').mockImplementation(async (config) => {
    calls.push(config);
    const answer = (body: unknown) => ({ data: body, status: 200, headers: {} }) as never;
    const { method, url } = config;
    if (url === 'traffic-provider-subscription-plans') return answer({ data: [STARTER, GROWTH] });
    if (method === 'GET' && url === 'traffic-provider-subscriptions') return answer({ data: current });
    if (url === 'traffic-provider-subscriptions/quote')
      return answer({ data: { plan_id: 2, kind: 'change', price: '149.00', unused_days: 10, credit: '16.33', amount_due: '132.67', currency: 'USD', paid_until: '2026-07-21T00:00:00.000Z' } });
    if (method === 'PUT' && url === 'traffic-provider-subscriptions') {
      if (state.refuse) throw new ApiError(state.refuse, 409, { message: state.refuse });
      return answer({ data: { ...current, plan: GROWTH } });
    }
    return answer({ data: null });
  });
  render(
    <StoreContext.Provider value={stores}>
      <IntlProvider locale="en" messages={messages} onError={() => {}}>
        <MemoryRouter>
          <SubscriptionPage />
        </MemoryRouter>
      </IntlProvider>
    </StoreContext.Provider>,
  );
  return calls;
}

describe('SubscriptionPage', () => {
  it('marks the user’s plan, shows the quote before a change is confirmed, and keeps a refusal in the dialog', async () => {
    const state = { refuse: 'Pause 1 provider first: Growth allows fewer.' as string | null };
    const calls = serve(state);
    const mine = await screen.findByRole('article', { name: 'Starter' });
    expect(mine.textContent).toContain('Your plan');
    expect(mine.textContent).toContain('Paid until Jul 1, 2026');
    expect(within(mine).getByRole('button', { name: 'Cancel subscription: Starter' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Change to this plan: Growth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Growth' });
    await waitFor(() => expect(within(dialog).getByTestId('subscription-quote').textContent).toContain('132.67'));
    expect(dialog.textContent).toContain('Credit for 10 unused days of your plan');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Change to this plan' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('Pause 1 provider first: Growth allows fewer.'));
    expect(screen.getByRole('dialog', { name: 'Change to Growth' })).toBe(dialog);

    state.refuse = null;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change to this plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.data)).toEqual([{ traffic_provider_subscription_plan_id: 2 }, { traffic_provider_subscription_plan_id: 2 }]);
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url === 'traffic-provider-subscriptions').length).toBe(2));
  });
});
