import { describe, expect, it, vi } from 'vitest';
import { ApiError, ValidationError } from '../../../engine/api/errors';
import type { ProvidersSubscriptionAnswer, SubscriptionPlan, SubscriptionQuote } from '../../../generated/types';
import { SubscriptionStore } from './SubscriptionStore';

const plan = (id: number, price: string, extra: Partial<SubscriptionPlan> = {}): SubscriptionPlan => ({
  id,
  name: `Plan ${id}`,
  description: `About plan ${id}`,
  price,
  currency: 'USD',
  billing_period_days: 30,
  max_providers: id * 2,
  max_requests_per_second: id * 1000,
  allow_disabling_main_provider: id > 1,
  allow_private_ssp_formats: false,
  text_color: '#215db0',
  status: 'active',
  translations: [{ locale: 'en', name: `Plan ${id}`, description: `About plan ${id}` }],
  ...extra,
});

const STARTER = plan(1, '49.00');
const GROWTH = plan(2, '149.00');
const OLD = plan(9, '19.00', { status: 'archived' });

const subscription = (p: SubscriptionPlan, status: ProvidersSubscriptionAnswer['status'] = 'active'): ProvidersSubscriptionAnswer => ({
  id: 5,
  paid_until: '2026-07-01T00:00:00.000Z',
  plan: p,
  status,
  grace_until: status === 'past_due' ? '2026-06-04T00:00:00.000Z' : null,
  usage: { providers: 1, requests_per_second: 300 },
  created_at: '2026-05-01T10:00:00.000Z',
});

const quote = (kind: SubscriptionQuote['kind'], amount_due: string): SubscriptionQuote => ({
  plan_id: 2, kind, price: '149.00', unused_days: 10, credit: '16.33', amount_due, currency: 'USD', paid_until: '2026-07-21T00:00:00.000Z',
});

/** A subscriptions API in memory: `refuse` makes the next change fail with that error. */
function fakeApi(start: ProvidersSubscriptionAnswer | null, plans = [STARTER, GROWTH]) {
  let current = start;
  const state = { refuse: null as Error | null, quote: quote('change', '132.67'), plansDown: false };
  const calls: string[] = [];
  const get = vi.fn(async (url: string, options: { params?: { traffic_provider_subscription_plan_id?: number } } = {}) => {
    calls.push(`GET ${url}${options.params?.traffic_provider_subscription_plan_id ? `?${options.params.traffic_provider_subscription_plan_id}` : ''}`);
    if (url === 'traffic-provider-subscription-plans') {
      if (state.plansDown) throw new ApiError('Down', 503, null);
      return { data: plans };
    }
    if (url === 'traffic-provider-subscriptions') return { data: current };
    if (url === 'traffic-provider-subscriptions/quote') return { data: state.quote };
    throw new Error(`unexpected GET ${url}`);
  });
  const change = (method: string) =>
    vi.fn(async (url: string, body?: unknown) => {
      calls.push(`${method} ${url} ${body && typeof body === 'object' ? JSON.stringify(body) : ''}`.trim());
      if (state.refuse) throw state.refuse;
      const id = (body as { traffic_provider_subscription_plan_id?: number } | undefined)?.traffic_provider_subscription_plan_id;
      const next = id ? [STARTER, GROWTH].find((p) => p.id === id)! : current!.plan;
      current = subscription(next, method === 'DELETE' ? 'cancelled' : 'active');
      return { data: current };
    });
  const post = change('POST');
  const put = change('PUT');
  const del = vi.fn(async (url: string) => change('DELETE')(url));
  return { api: { get, post, put, delete: del } as never, calls, state };
}

async function started(api: never) {
  const store = new SubscriptionStore(api);
  store.start();
  await vi.waitFor(() => expect(store.status).toBe('ready'));
  return store;
}

describe('SubscriptionStore', () => {
  it('offers Subscribe on active plans without a subscription, Change on the others, and Cancel or Resume on its own', async () => {
    const { api } = fakeApi(null, [STARTER, GROWTH, OLD]);
    const none = await started(api);
    expect([STARTER, GROWTH, OLD].map((p) => none.actionsOf(p))).toEqual([['subscribe'], ['subscribe'], []]);

    const active = await started(fakeApi(subscription(OLD), [STARTER, GROWTH, OLD]).api);
    expect(active.sortedPlans.map((p) => p.id)).toEqual([9, 1, 2]);
    expect([OLD, STARTER, GROWTH].map((p) => active.actionsOf(p))).toEqual([['cancel'], ['change'], ['change']]);

    const cancelled = await started(fakeApi(subscription(STARTER, 'cancelled')).api);
    expect([STARTER, GROWTH].map((p) => cancelled.actionsOf(p))).toEqual([['resume'], ['change']]);
    const pastDue = await started(fakeApi(subscription(STARTER, 'past_due')).api);
    expect(pastDue.actionsOf(STARTER)).toEqual(['pay', 'cancel']);
  });

  it('subscribes: loads the quote first, then POSTs only on confirm, and reads the subscription again', async () => {
    const { api, calls, state } = fakeApi(null);
    state.quote = quote('subscribe', '149.00');
    const store = await started(api);
    store.open('subscribe', GROWTH);
    expect(store.canConfirm).toBe(false);
    await vi.waitFor(() => expect(store.quote?.amount_due).toBe('149.00'));
    expect(calls).toContain('GET traffic-provider-subscriptions/quote?2');
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
    expect(store.canConfirm).toBe(true);

    const reads = calls.filter((c) => c === 'GET traffic-provider-subscriptions').length;
    await expect(store.confirm()).resolves.toBe('subscribe');
    expect(calls).toContain('POST traffic-provider-subscriptions {"traffic_provider_subscription_plan_id":2}');
    expect(store.pending).toBeNull();
    expect(store.subscription?.plan.id).toBe(2);
    await vi.waitFor(() => expect(calls.filter((c) => c === 'GET traffic-provider-subscriptions').length).toBe(reads + 1));
    expect(store.actionsOf(GROWTH)).toEqual(['cancel']);
  });

  it('changes with PUT; a 409 keeps the dialog open with the server’s message, and a second try can succeed', async () => {
    const { api, calls, state } = fakeApi(subscription(STARTER));
    const store = await started(api);
    store.open('change', GROWTH);
    await vi.waitFor(() => expect(store.canConfirm).toBe(true));

    state.refuse = new ApiError('Pause 2 providers first: Growth allows 10.', 409, { message: 'Pause 2 providers first: Growth allows 10.' });
    await expect(store.confirm()).resolves.toBeNull();
    expect(store.pending?.action).toBe('change');
    expect(store.quote).not.toBeNull();
    expect(store.problem).toBe('Pause 2 providers first: Growth allows 10.');
    expect(store.subscription?.plan.id).toBe(1);

    state.refuse = null;
    await expect(store.confirm()).resolves.toBe('change');
    expect(calls.filter((c) => c.startsWith('PUT'))).toEqual(['PUT traffic-provider-subscriptions {"traffic_provider_subscription_plan_id":2}', 'PUT traffic-provider-subscriptions {"traffic_provider_subscription_plan_id":2}']);
    expect(store.problem).toBeNull();
    expect(store.subscription?.plan.id).toBe(2);
  });

  it('shows a 422 under the plan field as the dialog’s problem', async () => {
    const { api, state } = fakeApi(null);
    const store = await started(api);
    store.open('subscribe', STARTER);
    await vi.waitFor(() => expect(store.canConfirm).toBe(true));
    state.refuse = new ValidationError({ traffic_provider_subscription_plan_id: ['This plan is no longer sold. Choose another one.'] }, 422);
    await store.confirm();
    expect(store.problem).toBe('This plan is no longer sold. Choose another one.');
    store.close();
    expect([store.pending, store.problem]).toEqual([null, null]);
  });

  it('cancels with DELETE and no quote', async () => {
    const { api, calls } = fakeApi(subscription(STARTER));
    const store = await started(api);
    store.open('cancel', STARTER);
    expect(store.canConfirm).toBe(true);
    await expect(store.confirm()).resolves.toBe('cancel');
    expect(calls.some((c) => c.includes('quote'))).toBe(false);
    expect(calls).toContain('DELETE traffic-provider-subscriptions');
    expect(store.subscription?.status).toBe('cancelled');
    expect(store.actionsOf(STARTER)).toEqual(['resume']);
  });

  it('reports a failed load as an error and retries only what failed', async () => {
    const { api, calls, state } = fakeApi(null);
    state.plansDown = true;
    const store = new SubscriptionStore(api);
    store.start();
    await vi.waitFor(() => expect(store.status).toBe('error'));
    expect(store.plans).toEqual([]);
    state.plansDown = false;
    store.retry();
    await vi.waitFor(() => expect(store.status).toBe('ready'));
    expect(store.plans).toHaveLength(2);
    expect(calls.filter((c) => c === 'GET traffic-provider-subscriptions')).toHaveLength(1);
  });
});
