import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignStatsDaily } from '../../server/areas/campaigns/tables';
import { users } from '../../server/db/schema';
import { NOTIFICATION_GROUPS } from '../../server/services/notificationTypes';
import { api, build, login, outbox, solveCaptcha, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t?.close());

const SPEC_TYPES = [
  'campaign_paused_activated', 'campaign_activated', 'campaign_approved', 'campaign_rejected', 'campaign_limits_below_minimum',
  'campaign_first_never_paid', 'campaign_unprofitable_paused', 'campaign_low_price', 'ad_approved', 'ad_rejected', 'approvable_needs_edits',
  'user_low_balance', 'user_balance_expiring', 'user_frozen', 'verification_created', 'verification_approved', 'verification_rejected',
  'payment_uncaptured_charge',
];

describe('notification types', () => {
  it('cover the categories and types of the spec, and GET settings lists them', async () => {
    expect(Object.keys(NOTIFICATION_GROUPS)).toEqual(['campaign', 'ad', 'approvable', 'user', 'verification', 'payment', 'invoice', 'flat_deal', 'traffic_provider_subscription_payment']);
    const all = Object.values(NOTIFICATION_GROUPS).flat();
    for (const type of SPEC_TYPES) expect(all).toContain(type);
    const settings = (await api(t.app, 'GET', 'settings')).json().data;
    expect(settings.notification_groups).toEqual(NOTIFICATION_GROUPS);
  });
});

describe('GET notifications', () => {
  it('pages the unread notifications, newest first, with counts', async () => {
    const token = await login(t.app, 'advertiser@adnet.test');
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'advertiser@adnet.test'));
    const seeded = (await api(t.app, 'GET', 'notifications?status=all&per_page=-1', { token })).json();
    for (const entityId of [31, 32, 33]) await t.app.platform.notifications.create(user, 'campaign_approved', { entityId });
    await t.app.platform.notifications.create(user, 'campaign_paused_activated', { entityId: 34 });
    const res = await api(t.app, 'GET', 'notifications?page=1&per_page=15', { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.recordsFiltered).toBe(seeded.unread_notifications + 4);
    expect(body.unread_notifications).toBe(seeded.unread_notifications + 4);
    expect(body.data[0]).toMatchObject({ type: 'campaign_paused_activated', category: 'campaign', entity_type: 'campaign', entity_id: 34, read_at: null });
    const times = body.data.map((n: { created_at: string }) => Date.parse(n.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const all = (await api(t.app, 'GET', 'notifications?status=all&per_page=-1', { token })).json();
    expect(all.recordsFiltered).toBe(seeded.recordsFiltered + 4);
    expect(all.data.filter((n: { read_at: string | null }) => !n.read_at)).toHaveLength(body.unread_notifications);

    const bad = await api(t.app, 'GET', 'notifications?per_page=10', { token });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['per_page']);
    expect((await api(t.app, 'GET', 'notifications')).statusCode).toBe(401);
  });

  it('pages with per_page and page', async () => {
    const token = await login(t.app, 'company@adnet.test');
    const total = (await api(t.app, 'GET', 'notifications?status=all&per_page=-1', { token })).json().data;
    const db = t.database.db;
    const [user] = await db.select().from(users).where(eq(users.email, 'company@adnet.test'));
    for (let i = 0; i < 20; i++) await t.app.platform.notifications.create(user, 'campaign_activated', { entityId: 2000 + i });
    const page2 = (await api(t.app, 'GET', 'notifications?status=all&per_page=15&page=2', { token })).json();
    expect(page2.recordsFiltered).toBe(total.length + 20);
    expect(page2.data).toHaveLength(total.length + 20 - 15);
  });

  it('creates the low-balance notification for users who start under the threshold', async () => {
    const token = await login(t.app, 'advertiser@pushhub.test', 'pushhub.localhost');
    const list = (await api(t.app, 'GET', 'notifications', { token, host: 'pushhub.localhost' })).json().data;
    expect(list[0]).toMatchObject({ type: 'user_low_balance', category: 'user', params: { balance: '87.1200', threshold: '100.0000' } });
    const rich = await login(t.app, 'company@pushhub.test', 'pushhub.localhost');
    const richList = (await api(t.app, 'GET', 'notifications', { token: rich, host: 'pushhub.localhost' })).json().data;
    expect(richList.map((n: { type: string }) => n.type)).not.toContain('user_low_balance');
  });
});

describe('reading and removing', () => {
  it('reads one, reads all, removes all, only for the owner', async () => {
    const token = await login(t.app, 'company@pushhub.test', 'pushhub.localhost');
    const host = 'pushhub.localhost';
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'company@pushhub.test'));
    for (const entityId of [41, 42]) await t.app.platform.notifications.create(user, 'ad_approved', { entityId });
    const first = (await api(t.app, 'GET', 'notifications', { token, host })).json();
    const id = first.data[0].id;
    const other = await login(t.app, 'advertiser@pushhub.test', host);
    expect((await api(t.app, 'POST', `notifications/${id}/read`, { token: other, host })).statusCode).toBe(404);

    const read = await api(t.app, 'POST', `notifications/${id}/read`, { token, host });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.unread_notifications).toBe(first.unread_notifications - 1);
    const after = (await api(t.app, 'GET', 'notifications', { token, host })).json();
    expect(after.data.map((n: { id: number }) => n.id)).not.toContain(id);

    expect((await api(t.app, 'POST', 'notifications/read-all', { token, host })).json().data.unread_notifications).toBe(0);
    expect((await api(t.app, 'GET', 'notifications', { token, host })).json()).toMatchObject({ data: [], recordsFiltered: 0, unread_notifications: 0 });
    expect((await api(t.app, 'GET', 'notifications?status=all', { token, host })).json().recordsFiltered).toBeGreaterThan(0);

    expect((await api(t.app, 'DELETE', 'notifications', { token, host })).statusCode).toBe(200);
    expect((await api(t.app, 'GET', 'notifications?status=all', { token, host })).json().recordsFiltered).toBe(0);
    // The other user's notifications are untouched.
    expect((await api(t.app, 'GET', 'notifications', { token: other, host })).json().recordsFiltered).toBeGreaterThan(0);
  });
});

describe('notification mails and unsubscribe', () => {
  it('writes the mail in the user’s language, as the panel shows the notification', async () => {
    const db = t.database.db;
    const [user] = await db.select().from(users).where(eq(users.email, 'company@adnet.test'));
    expect(user.locale).toBe('de');
    const mail = { networkHost: 'adnet.localhost', networkName: 'AdNet', origin: 'http://adnet.localhost:8080' };
    await t.app.platform.notifications.create(user, 'campaign_approved', { entityId: 78, mail });
    await t.app.platform.notifications.create(user, 'traffic_provider_subscription_paid', { entityId: 3, params: { plan: 'Wachstum', paid_until: '2026-12-28' }, mail });
    expect((await outbox(t.app, user.email)).map((m) => m.subject)).toEqual(expect.arrayContaining(['AdNet: Kampagne #78 wurde freigegeben', 'AdNet: Ihr Tarif Wachstum wurde verlängert: bezahlt bis 2026-12-28']));
  });

  it('mails campaign news only while the user wants them, each with a signed unsubscribe link', async () => {
    const db = t.database.db;
    const [user] = await db.select().from(users).where(eq(users.email, 'advertiser@adnet.test'));
    const mail = { networkHost: 'adnet.localhost', networkName: 'AdNet', origin: 'http://adnet.localhost:8080' };
    await t.app.platform.notifications.create(user, 'campaign_approved', { entityId: 77, mail });
    const [sent] = await outbox(t.app, user.email);
    expect(sent).toMatchObject({ kind: 'notification:campaign_approved', subject: 'AdNet: Campaign #77 was approved' });
    const link = sent.links.find((l) => l.includes('/unsubscribe/'))!;
    const url = new URL(link);
    const email = decodeURIComponent(url.pathname.split('/').pop()!);
    const signature = url.searchParams.get('signature')!;
    expect(email).toBe('advertiser@adnet.test');

    const path = `unsubscribe/${encodeURIComponent(email)}?signature=${signature}`;
    const get = await api(t.app, 'GET', path);
    expect(get.statusCode).toBe(200);
    expect(get.json().data).toEqual({ email, notifications_about_ad_actions: true, notifications_about_campaign_actions: true });
    const post = await api(t.app, 'POST', path, { body: { notifications_about_ad_actions: true, notifications_about_campaign_actions: false } });
    expect(post.json().data.notifications_about_campaign_actions).toBe(false);

    const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
    await t.app.platform.notifications.create(fresh, 'campaign_rejected', { entityId: 78, mail });
    expect((await outbox(t.app, user.email))[0].kind).toBe('notification:campaign_approved');
    await t.app.platform.notifications.create(fresh, 'ad_approved', { entityId: 5, mail });
    expect((await outbox(t.app, user.email))[0].kind).toBe('notification:ad_approved');
  });

  it('answers 403 to a bad signature or a signature of another address or network', async () => {
    const good = t.app.platform.unsubscribe.sign('adnet', 'company@adnet.test');
    expect((await api(t.app, 'GET', `unsubscribe/company%40adnet.test?signature=${good}`)).statusCode).toBe(200);
    expect((await api(t.app, 'GET', `unsubscribe/company%40adnet.test?signature=${'0'.repeat(64)}`)).statusCode).toBe(403);
    expect((await api(t.app, 'GET', `unsubscribe/advertiser%40adnet.test?signature=${good}`)).statusCode).toBe(403);
    expect((await api(t.app, 'GET', `unsubscribe/company%40adnet.test?signature=${good}`, { host: 'pushhub.localhost' })).statusCode).toBe(403);
    expect((await api(t.app, 'POST', `unsubscribe/company%40adnet.test?signature=bad`, { body: { notifications_about_ad_actions: false, notifications_about_campaign_actions: false } })).statusCode).toBe(403);
    expect((await api(t.app, 'GET', 'unsubscribe/company%40adnet.test')).statusCode).toBe(422);
  });
});

describe('GET week-spent and server time', () => {
  it("sums the campaigns' daily spend over the last 7 days, zero days included", async () => {
    const token = await login(t.app, 'advertiser@adnet.test');
    const empty = (await api(t.app, 'GET', 'week-spent', { token })).json().data;
    expect(empty).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(empty[6]).toEqual({ date: today, money: '0.0000' });
    expect(empty.every((d: { money: string }) => d.money === '0.0000')).toBe(true);

        const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    const ad = (await api(t.app, 'POST', 'ads', { token, body: { format: 'popunder', name: 'Pop', url: 'https://a.example/' } })).json().data.id;
    const campaign = (name: string) => ({ name, ad_format: 'popunder', ad_id: ad, pricing_model: 'cpm', price: '1.0000', limits: { type: 'money', daily: '30.00' } });
    const ids: number[] = [];
    for (const name of ['A', 'B']) ids.push((await api(t.app, 'POST', 'campaigns', { token, body: campaign(name) })).json().data.id);
    await t.database.db.insert(campaignStatsDaily).values([
      { campaignId: ids[0], day: today, spend: '10.1234' },
      { campaignId: ids[1], day: today, spend: '0.0001' },
      { campaignId: ids[0], day: day(6), spend: '99999999.9999' },
      { campaignId: ids[0], day: day(7), spend: '5.0000' },
    ]);
    const week = (await api(t.app, 'GET', 'week-spent', { token })).json().data;
    expect(week[0]).toEqual({ date: day(6), money: '99999999.9999' });
    expect(week[6]).toEqual({ date: today, money: '10.1235' });
    const other = await login(t.app, 'company@adnet.test');
    expect((await api(t.app, 'GET', 'week-spent', { token: other })).json().data[6].money).toBe('0.0000');
  });

  it('GET settings has server_time in UTC ISO', async () => {
    const { server_time: time } = (await api(t.app, 'GET', 'settings')).json().data;
    expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(time) - Date.now())).toBeLessThan(5000);
  });
});

describe('GET dev/outbox', () => {
  it('lists mails newest first with their links; it is off when disabled', async () => {
    await api(t.app, 'POST', 'auth/password/email', { body: { email: 'support@adnet.test', 'g-recaptcha-response': await solveCaptcha(t.app) } });
    await t.app.platform.afterAnswer.drain();
    const res = await api(t.app, 'GET', 'dev/outbox?to=support@adnet.test');
    expect(res.statusCode).toBe(200);
    const [mail] = res.json().data;
    expect(Object.keys(mail).sort()).toEqual(['created_at', 'id', 'kind', 'links', 'sent_at', 'subject', 'text', 'to']);
    expect(mail.sent_at).toBeNull();
    // Scoped to the network of the host.
    expect((await api(t.app, 'GET', 'dev/outbox?to=support@adnet.test', { host: 'pushhub.localhost' })).json().data).toEqual([]);

    const production = await build({ devOutbox: false });
    try {
      expect((await api(production.app, 'GET', 'dev/outbox')).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
