import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSandboxWebhook } from '../../server/areas/finances/gateways';
import { runTopUps } from '../../server/areas/finances/subscriptions';
import { api, build, login, type TestApp } from './helper';

let t: TestApp;
let token: string;
let hub: string;

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const userId = async (email: string) => (await rows<{ id: number }>(sql`select id from users where email = ${email}`))[0]!.id;
const balanceOf = async (id: number) => (await rows<{ balance: string }>(sql`select balance::text from users where id = ${id}`))[0]!.balance;
const pay = (body: unknown, key?: string, as = token, host?: string) => api(t.app, 'POST', 'payments', { token: as, host, body, headers: key ? { 'idempotency-key': key } : {} });

/** Posts a webhook the way the sandbox signs it. */
function webhook(event: Record<string, unknown>, secret = t.app.finances.sandboxSecret, at = new Date()) {
  const body = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/private/v1/payments/webhooks/sandbox',
    headers: { host: 'adnet.localhost:8080', 'content-type': 'application/json', 'sandbox-signature': signSandboxWebhook(body, secret, at) },
    payload: body,
  });
}

/** Submits the sandbox's hosted page with a card, as the browser would, and answers where it sends the user. */
async function payAtSandbox(form: { action: string; method: string; fields: Record<string, string> }, card: string, extra: Record<string, string> = {}) {
  const checkout = await t.app.inject({ method: 'POST', url: form.action, headers: { host: 'adnet.localhost:8080', 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form.fields).toString() });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const token = /name="token" value="([^"]+)"/.exec(checkout.body)?.[1];
  expect(token).toBeTruthy();
  return t.app.inject({
    method: 'POST',
    url: '/sandbox-gateway/pay',
    headers: { host: 'adnet.localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: token!, number: card, expiry: '12/34', cvc: '123', name: 'Alex Morgan', ...extra }).toString(),
  });
}

beforeAll(async () => {
  t = await build();
  token = await login(t.app, 'advertiser@adnet.test');
  hub = await login(t.app, 'advertiser@pushhub.test', 'pushhub.localhost');
});
afterAll(() => t?.close());

describe('POST payments', () => {
  it('checks the method, its bounds and the card verification the network asks for', async () => {
    expect((await pay({ payment_method_id: 99, amount: '100' })).json().errors.payment_method_id).toBeDefined();
    expect((await pay({ payment_method_id: 3, amount: '5000' })).json().errors.payment_method_id[0]).toMatch(/invoice/);
    expect((await pay({ payment_method_id: 2, amount: '49.99' })).json().errors.amount[0]).toBe('The smallest amount for this method is 50.00 USD.');
    expect((await pay({ payment_method_id: 2, amount: '10000.01' })).json().errors.amount[0]).toBe('The largest amount for this method is 10000.00 USD.');
    expect((await pay({ payment_method_id: 2, amount: '100', save_card: true })).json().errors.save_card).toBeDefined();
    // AdNet requires a verified card for card payments; this user has none.
    expect((await pay({ payment_method_id: 1, amount: '100' })).json().errors.payment_method_id[0]).toMatch(/Verify your card/);
  });

  it('prices the payment, answers the gateway form, and a retry with the same key answers the same payment', async () => {
    const first = await pay({ payment_method_id: 2, amount: '1000' }, 'retry-key-0001');
    expect(first.statusCode, first.body).toBe(201);
    const payment = first.json().data;
    expect(payment).toMatchObject({ amount: '1000.00', fee: '45.00', bonus: '0.00', credited: '955.00', currency: 'USD', status: 'created', payment_method: { id: 2, type: 'paypal' } });
    expect(payment.form_params).toMatchObject({ method: 'POST', action: '/sandbox-gateway/checkout' });
    const again = await pay({ payment_method_id: 2, amount: '1000.00' }, 'retry-key-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(payment.id);
    expect((await pay({ payment_method_id: 2, amount: '2000' }, 'retry-key-0001')).json().errors.idempotency_key).toBeDefined();
    const raced = await Promise.all([1, 2, 3, 4].map(() => pay({ payment_method_id: 4, amount: '150' }, 'raced-key-0001')));
    expect(new Set(raced.map((r) => r.json().data.id)).size).toBe(1);
  });
});

describe('the sandbox gateway', () => {
  it('takes the money by its webhook: the balance rises once, after the user is back', async () => {
    const user = await userId('advertiser@adnet.test');
    const before = await balanceOf(user);
    const payment = (await pay({ payment_method_id: 4, amount: '2000' })).json().data;
    const paid = await payAtSandbox(payment.form_params, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://adnet.localhost:8080/add-funds/success?payment=${payment.id}`);
    // The redirect moves no money: the webhook does, from the job queue.
    expect(await balanceOf(user)).toBe(before);
    await t.app.platform.jobs.runDue();
    const after = (await api(t.app, 'GET', `payments/${payment.id}`, { token })).json().data;
    expect(after).toMatchObject({ status: 'succeeded', credited: '2020.00', is_downloadable: true, form_params: null });
    expect((Number(await balanceOf(user)) - Number(before)).toFixed(2)).toBe('2020.00');
    const receipt = await api(t.app, 'GET', `payments/${payment.id}/receipt`, { token });
    expect(receipt.headers['content-type']).toBe('application/pdf');
  });

  it('a declined card fails the payment with the reason and moves nothing', async () => {
    const user = await userId('advertiser@adnet.test');
    const before = await balanceOf(user);
    const payment = (await pay({ payment_method_id: 2, amount: '100' })).json().data;
    const declined = await payAtSandbox(payment.form_params, '4000 0000 0000 0002');
    expect(declined.headers.location).toBe(`http://adnet.localhost:8080/add-funds/error?payment=${payment.id}`);
    await t.app.platform.jobs.runDue();
    expect((await api(t.app, 'GET', `payments/${payment.id}`, { token })).json().data).toMatchObject({ status: 'failed', failure_reason: 'Your card was declined.' });
    expect(await balanceOf(user)).toBe(before);
  });

  it('refuses webhooks that the gateway did not sign', async () => {
    const event = { eventId: 'sbx_evt_forged', type: 'payment.succeeded', paymentId: 10001, ref: 'x' };
    expect((await webhook(event, 'not-the-secret')).statusCode).toBe(400);
    expect((await webhook(event, undefined, new Date(Date.now() - 3_600_000))).statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/private/v1/payments/webhooks/sandbox', headers: { host: 'adnet.localhost:8080', 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    expect(unsigned.statusCode).toBe(400);
  });

  it('applies 200 concurrent deliveries of 50 payments’ events as exactly 50 deposits', async () => {
    const user = await userId('advertiser@pushhub.test');
    const before = await balanceOf(user);
    const created = await Promise.all(Array.from({ length: 50 }, (_, i) => pay({ payment_method_id: 1, amount: '100' }, `burst-${String(i).padStart(4, '0')}`, hub, 'pushhub.localhost')));
    const ids = created.map((r) => {
      expect(r.statusCode, r.body).toBe(201);
      return r.json().data.id as number;
    });
    // Each payment's success delivered four times: twice as the same event, twice as another event saying the same.
    const refs = new Map((await rows<{ id: number; ref: string }>(sql`select id, gateway_ref as ref from payments where id = any(${`{${ids.join(',')}}`}::int[])`)).map((r) => [r.id, r.ref]));
    const deliveries = ids.flatMap((id) => [0, 0, 1, 1].map((n) => ({ eventId: `sbx_evt_burst_${id}_${n}`, type: 'payment.succeeded', paymentId: id, ref: refs.get(id) })));
    // A signed event naming another checkout of the payment changes nothing.
    await webhook({ eventId: `sbx_evt_burst_other_${ids[0]}`, type: 'payment.succeeded', paymentId: ids[0], ref: 'sbx_cs_someone_else' });
    const answers = await Promise.all(deliveries.map((e) => webhook(e)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const [{ deposits }] = await rows<{ deposits: number }>(sql`select count(*)::int as deposits from ledger_entries where user_id = ${user} and kind = 'deposit' and payment_id = any(${`{${ids.join(',')}}`}::int[])`);
    expect(deposits).toBe(50);
    // 100.00 by card on PushHub: 3 % fee, no bonus → 97.00 each.
    expect((Number(await balanceOf(user)) - Number(before)).toFixed(2)).toBe('4850.00');
    const [{ drift }] = await rows<{ drift: number }>(sql`select count(*)::int as drift from users u where u.balance <> coalesce((select sum(amount) from ledger_entries l where l.user_id = u.id), 0)`);
    expect(drift).toBe(0);
  });

  it('lists the user’s payments newest first, with status filters', async () => {
    const list = (await api(t.app, 'GET', 'finances/payments?status[]=succeeded&per_page=50', { token })).json();
    expect(list.recordsFiltered).toBeGreaterThan(0);
    expect(list.data.every((p: { status: string }) => p.status === 'succeeded')).toBe(true);
    expect((await api(t.app, 'GET', 'finances/payments', { token: hub, host: 'pushhub.localhost' })).json().data.every((p: { id: number }) => !list.data.some((q: { id: number }) => q.id === p.id))).toBe(true);
  });
});

describe('automatic top-ups', () => {
  const host = 'pushhub.localhost';
  const put = (body: unknown) => api(t.app, 'PUT', 'payment-subscriptions', { token: hub, host, body });
  /** Pays 100 by card on PushHub keeping the card, through the sandbox's page and webhook. */
  async function keepCard(card: string) {
    const payment = (await pay({ payment_method_id: 1, amount: '100', save_card: true }, undefined, hub, host)).json().data;
    expect((await payAtSandbox(payment.form_params, card)).statusCode).toBe(303);
    await t.app.platform.jobs.runDue();
    expect((await api(t.app, 'GET', `payments/${payment.id}`, { token: hub, host })).json().data.status).toBe('succeeded');
  }
  /** One pass of the top-up job `minutes` from now (a pass keys its payments by the minute: each call its own). */
  const topUps = (minutes: number) => runTopUps(t.app, new Date(Date.now() + minutes * 60_000));
  const uncaptured = async (user: number) => (await rows(sql`select 1 from notifications where user_id = ${user} and type = 'payment_uncaptured_charge'`)).length;

  it('charge the kept card once when the free balance falls below the line', async () => {
    const user = await userId('advertiser@pushhub.test');
    await keepCard('4242 4242 4242 4242');
    const before = await balanceOf(user);
    const threshold = (Math.floor(Number(before)) + 100).toFixed(2);
    const saved = await put({ payment_method_id: 1, change_amount: '200', threshold });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ payment_method_id: 1, change_amount: '200.00', threshold, card_last4: '4242', failed_at: null });
    expect(await topUps(1)).toBe(1);
    // 200.00 by card on PushHub: 3 % fee → 194.00, which lifts the balance over the line: the next pass charges nothing.
    expect((Number(await balanceOf(user)) - Number(before)).toFixed(2)).toBe('194.00');
    expect(await topUps(2)).toBe(0);
    // A line the top-up does not reach: charged at most once an hour, never every pass.
    await put({ payment_method_id: 1, change_amount: '200', threshold: (Number(threshold) + 1000).toFixed(2) });
    expect(await topUps(3)).toBe(1);
    expect(await topUps(8)).toBe(0);
    expect(await topUps(65)).toBe(1);
    expect((Number(await balanceOf(user)) - Number(before)).toFixed(2)).toBe('582.00');
    const [last] = (await api(t.app, 'GET', 'finances/payments?per_page=15', { token: hub, host })).json().data;
    expect(last).toMatchObject({ amount: '200.00', status: 'succeeded' });
  });

  it('a card that refuses later tells the user once and is not charged again until they set it anew', async () => {
    const user = await userId('advertiser@pushhub.test');
    await keepCard('4000 0000 0000 0341');
    const before = await balanceOf(user);
    const threshold = (Math.floor(Number(before)) + 100).toFixed(2);
    expect((await put({ payment_method_id: 1, change_amount: '200', threshold })).json().data.card_last4).toBe('0341');
    const notified = await uncaptured(user);
    expect(await topUps(103)).toBe(1);
    expect(await balanceOf(user)).toBe(before);
    expect(await uncaptured(user)).toBe(notified + 1);
    expect((await api(t.app, 'GET', 'payment-subscriptions', { token: hub, host })).json().data.failed_at).not.toBeNull();
    for (const minutes of [104, 105, 300]) expect(await topUps(minutes)).toBe(0);
    expect(await uncaptured(user)).toBe(notified + 1);
    // Setting the top-up again (after fixing the card) arms it once more.
    expect((await put({ payment_method_id: 1, change_amount: '200', threshold })).json().data.failed_at).toBeNull();
    expect(await topUps(301)).toBe(1);
    expect(await uncaptured(user)).toBe(notified + 2);
  });
});
