import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntries } from '../../server/areas/finances/ledger';
import { api, build, login, type TestApp } from './helper';

let t: TestApp;
let personal: string;
let company: string;
let support: string;
let hub: string;

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const userId = async (email: string) => (await rows<{ id: number }>(sql`select id from users where email = ${email}`))[0]!.id;
/** The demo's quiet accounts have two-factor sign-in; these tests sign in with the password alone. */
const quietUser = async (email: string) => {
  await t.database.db.execute(sql`update users set two_factor_method = null where email = ${email}`);
  return { id: await userId(email), token: await login(t.app, email) };
};
const pdfText = async (bytes: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

beforeAll(async () => {
  t = await build();
  personal = await login(t.app, 'advertiser@adnet.test');
  company = await login(t.app, 'company@adnet.test');
  support = await login(t.app, 'support@adnet.test');
  hub = await login(t.app, 'company@pushhub.test', 'pushhub.localhost');
});
afterAll(() => t?.close());

describe('GET settings: payment methods', () => {
  it('come from the network config with their strategy, bounds, bonuses and translations', async () => {
    const res = await api(t.app, 'GET', 'settings', { token: personal });
    const methods = res.json().data.payment_methods as { id: number; type: string; strategy: string; min_add_funds_amount: string; bonuses: unknown[]; translations: { locale: string; name: string }[] }[];
    expect(methods.map((m) => [m.id, m.type, m.strategy])).toEqual([
      [1, 'card', 'embedded'],
      [2, 'paypal', 'redirect'],
      [3, 'wire_transfer', 'invoice'],
      [4, 'usdt', 'redirect'],
    ]);
    expect(methods[0]).toMatchObject({ fee_percent: '3.00', min_add_funds_amount: '50.00', bonuses: [{ bonus_percent: '5.00', from_amount: '1000.00' }, { bonus_percent: '10.00', from_amount: '5000.00' }] });
    expect(methods[0]!.translations.find((x) => x.locale === 'ru')?.name).toBe('Банковская карта');
    const pushhub = (await api(t.app, 'GET', 'settings', { token: hub, host: 'pushhub.localhost' })).json().data.payment_methods as { strategy: string }[];
    expect(pushhub.map((m) => m.strategy)).toEqual(['redirect', 'invoice']);
  });
});

describe('invoices', () => {
  const create = (body: unknown, token = company) => api(t.app, 'POST', 'invoices', { token, body });

  it('are for company accounts, within the bank transfer’s bounds', async () => {
    expect((await create({ amount: '5000.00' }, personal)).json().errors.amount[0]).toMatch(/company accounts/);
    expect((await create({ amount: '999.99' })).json().errors.amount[0]).toBe('The smallest amount for a bank transfer is 1000.00 USD.');
    expect((await create({ amount: '500000.01' })).json().errors.amount[0]).toMatch(/largest amount/);
    expect((await create({ amount: '12.345' })).statusCode).toBe(422);
  });

  it('are issued with the company details, changed and deleted only while unpaid, and paid by staff once', async () => {
    const res = await create({ amount: '6000', note: 'PO 4711' });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json().data;
    expect(invoice).toMatchObject({ amount: '6000.00', currency: 'USD', status: 'unpaid', note: 'PO 4711', buyer: { company_name: 'Acme Media GmbH' }, payment_id: null });
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{6}$/);

    const edited = await api(t.app, 'PUT', `invoices/${invoice.id}`, { token: company, body: { amount: '7000.50' } });
    expect(edited.json().data).toMatchObject({ amount: '7000.50', note: null });
    expect((await api(t.app, 'GET', 'invoices/total-amount', { token: company })).json().data).toEqual({ total_amount: '7000.50', count: 1, currency: 'USD' });

    // Another user, or another network's staff, cannot see or pay it.
    expect((await api(t.app, 'GET', `invoices/${invoice.id}`, { token: personal })).statusCode).toBe(404);
    expect((await api(t.app, 'POST', `admin/invoices/${invoice.id}/paid`, { token: company, body: {} })).statusCode).toBe(403);
    const hubSupport = await login(t.app, 'support@pushhub.test', 'pushhub.localhost');
    expect((await api(t.app, 'POST', `admin/invoices/${invoice.id}/paid`, { token: hubSupport, host: 'pushhub.localhost', body: {} })).statusCode).toBe(404);

    const owner = await userId('company@adnet.test');
    const before = (await rows<{ balance: string }>(sql`select balance::text from users where id = ${owner}`))[0]!.balance;
    const [paid, again] = await Promise.all([
      api(t.app, 'POST', `admin/invoices/${invoice.id}/paid`, { token: support, body: { reference: 'BANK-REF-1' } }),
      api(t.app, 'POST', `admin/invoices/${invoice.id}/paid`, { token: support, body: { reference: 'BANK-REF-1' } }),
    ]);
    expect([paid.statusCode, again.statusCode].sort()).toEqual([200, 409]);
    const done = (paid.statusCode === 200 ? paid : again).json().data;
    // 7000.50 by bank transfer: no fee, 3 % bonus from 5000.
    expect(done.payment).toMatchObject({ amount: '7000.50', fee: '0.00', bonus: '210.02', credited: '7210.52', status: 'succeeded', is_downloadable: true });
    expect(done.invoice).toMatchObject({ status: 'paid', payment_id: done.payment.id });
    const after = (await rows<{ balance: string }>(sql`select balance::text from users where id = ${owner}`))[0]!.balance;
    expect((Number(after) - Number(before)).toFixed(2)).toBe('7210.52');
    expect(await rows(sql`select 1 from notifications where user_id = ${owner} and type = 'invoice_paid'`)).toHaveLength(1);

    expect((await api(t.app, 'PUT', `invoices/${invoice.id}`, { token: company, body: { amount: '1000' } })).statusCode).toBe(409);
    expect((await api(t.app, 'DELETE', `invoices/${invoice.id}`, { token: company })).statusCode).toBe(409);
    const list = (await api(t.app, 'GET', 'invoices?status[]=paid', { token: company })).json();
    expect(list.data.map((i: { id: number }) => i.id)).toContain(invoice.id);

    const unpaid = (await create({ amount: '1000' })).json().data;
    expect((await api(t.app, 'DELETE', `invoices/${unpaid.id}`, { token: company })).json().data).toEqual({ id: unpaid.id });
    expect((await api(t.app, 'GET', `invoices/${unpaid.id}`, { token: company })).statusCode).toBe(404);
  });

  it('download as a PDF with the number, the buyer, the amount and the bank details, in the user’s language', async () => {
    const invoice = (await create({ amount: '2500' })).json().data;
    const res = await api(t.app, 'GET', `invoices/${invoice.id}/document`, { token: company });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
    const text = await pdfText(res.rawPayload);
    for (const part of [invoice.number, 'Rechnung', 'Acme Media GmbH', '2.500,00', 'CY17 0020 0128 0000 0012 0052 7600', 'AdNet Media Ltd.']) expect(text).toContain(part);
    expect((await api(t.app, 'GET', `invoices/${invoice.id}/document`, { token: personal })).statusCode).toBe(404);
  });
});

describe('finance statistics and summary', () => {
  it('list every day of the range with money in and out, spend on the day of its hour', async () => {
    const { id: user, token } = await quietUser('google2fa@adnet.test');
    await postEntries(t.database.db, [
      { userId: user, kind: 'deposit', amount: '100.00', key: 'fs:1', at: new Date('2026-03-02T10:00:00Z') },
      { userId: user, kind: 'gateway_fee', amount: '-3.00', key: 'fs:2', at: new Date('2026-03-02T10:00:00Z') },
      { userId: user, kind: 'campaign_spend', amount: '-1.234567', hour: new Date('2026-03-03T23:00:00Z'), key: 'fs:3', at: new Date('2026-03-04T00:10:00Z') },
    ]);
    const res = await api(t.app, 'GET', 'finances/statistics?start=2026-03-01&end=2026-03-04', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      rows: [
        { date: '2026-03-01', debit: '0.00', credit: '0.00' },
        { date: '2026-03-02', debit: '3.00', credit: '100.00' },
        { date: '2026-03-03', debit: '1.23', credit: '0.00' },
        { date: '2026-03-04', debit: '0.00', credit: '0.00' },
      ],
      totals: { debit: '4.23', credit: '100.00' },
    });
    expect((await api(t.app, 'GET', 'finances/statistics?start=2026-03-04&end=2026-03-01', { token })).json().errors.end).toBeDefined();
    expect((await api(t.app, 'GET', 'finances/statistics?start=2025-01-01&end=2026-03-01', { token })).json().errors.end[0]).toMatch(/366/);
  });

  it('list every change of the balance, campaign spend summed per day of its hour, filtered by kind and paged', async () => {
    const { id: user, token } = await quietUser('google2fa@adnet.test');
    const at = (iso: string) => new Date(iso);
    await postEntries(t.database.db, [
      { userId: user, kind: 'deposit', amount: '200.00', key: 'tx:1', at: at('2026-04-01T09:00:00Z') },
      { userId: user, kind: 'campaign_spend', amount: '-1.250000', hour: at('2026-04-01T10:00:00Z'), key: 'tx:2', at: at('2026-04-01T11:05:00Z') },
      { userId: user, kind: 'campaign_spend', amount: '-2.004999', hour: at('2026-04-01T23:00:00Z'), key: 'tx:3', at: at('2026-04-02T00:05:00Z') },
      { userId: user, kind: 'campaign_spend', amount: '-0.500000', hour: at('2026-04-02T08:00:00Z'), key: 'tx:4', at: at('2026-04-02T09:05:00Z') },
      { userId: user, kind: 'subscription', amount: '-49.00', key: 'tx:5', note: 'Starter plan, 2026-04-02 to 2026-05-01', at: at('2026-04-02T12:00:00Z') },
    ]);
    const page = async (query: string) => {
      const res = await api(t.app, 'GET', `finances/transactions${query}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { kind: string; amount: string; note: string | null; created_at: string }[]; recordsFiltered: number };
    };
    const all = await page('');
    const mine = all.data.filter((r) => r.created_at.startsWith('2026-04'));
    // A day's spend is dated by its last hour charged, not by when the charge was written.
    expect(mine.filter((r) => r.kind === 'campaign_spend').map((r) => r.created_at)).toEqual(['2026-04-02T08:00:00.000Z', '2026-04-01T23:00:00.000Z']);
    expect(mine.map((r) => [r.kind, r.amount, r.note])).toEqual([
      ['subscription', '-49.00', 'Starter plan, 2026-04-02 to 2026-05-01'],
      ['campaign_spend', '-0.50', null],
      ['campaign_spend', '-3.25', null],
      ['deposit', '200.00', null],
    ]);
    expect((await page('?kind[]=campaign_spend&sort=amount&order=asc')).data.map((r) => r.amount)).toEqual(['-3.25', '-1.23', '-0.50']);
    const first = await page('?per_page=15&kind[]=deposit&kind[]=subscription');
    expect(first.recordsFiltered).toBe(first.data.length);
    expect((await page('?page=9&kind[]=subscription')).recordsFiltered).toBe(1);
    expect((await api(t.app, 'GET', 'finances/transactions?kind[]=theft', { token })).statusCode).toBe(422);
  });

  it('forecast how many days the balance lasts at the last 7 days’ spend', async () => {
    const { id: user, token } = await quietUser('email2fa@adnet.test');
    const day = 86_400_000;
    const today = Math.floor(Date.now() / day) * day;
    expect((await api(t.app, 'GET', 'finances/summary', { token })).json().data).toMatchObject({ balance: '540.00', days_left: null, spent_last_7_days: '0.00' });
    await postEntries(t.database.db, [1, 2, 3].map((n) => ({ userId: user, kind: 'campaign_spend' as const, amount: '-14.00', hour: new Date(today - n * day), key: `forecast:${n}` })));
    expect((await api(t.app, 'GET', 'finances/summary', { token })).json().data).toEqual({
      balance: '498.00', reserved_balance: '0.00', free_balance: '498.00', currency: 'USD', spent_last_7_days: '42.00', average_daily_spend: '6.00', days_left: 83, unpaid_invoices: '0.00',
    });
  });
});

describe('automatic top-ups', () => {
  it('need a card kept from an earlier payment with a method that keeps cards', async () => {
    expect((await api(t.app, 'GET', 'payment-subscriptions', { token: personal })).json().data).toBeNull();
    const wire = await api(t.app, 'PUT', 'payment-subscriptions', { token: personal, body: { payment_method_id: 3, change_amount: '1000', threshold: '100' } });
    expect(wire.json().errors.payment_method_id[0]).toMatch(/keep a card/);
    const none = await api(t.app, 'PUT', 'payment-subscriptions', { token: personal, body: { payment_method_id: 1, change_amount: '100', threshold: '50' } });
    expect(none.json().errors.payment_method_id[0]).toMatch(/keep the card/);
    expect((await api(t.app, 'DELETE', 'payment-subscriptions', { token: personal })).json().data).toBeNull();
  });
});
