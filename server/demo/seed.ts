import { and, eq, inArray, sql } from 'drizzle-orm';
import { createSecretBox } from '../auth/secretBox';
import { getOrCreateSecret } from '../repositories/secretsRepository';
import { notificationType } from '../services/notificationTypes';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import { NetworkRegistry } from '../config/NetworkRegistry';
import { createMailer } from '../mail/mailer';
import { createCodesRepository } from '../repositories/codesRepository';
import { createUsersRepository } from '../repositories/usersRepository';
import { sendConfirmation } from '../services/accountMails';
import type { Platform } from '../types';
import { hashPassword } from '../db/passwords';
import { seedDemoAds } from './seedAds';
import { seedTraffic } from './generateTraffic';
import { seedDemoCampaigns } from './seedCampaigns';
import { seedFlatDeals } from './seedMarketplace';
import { seedDemoSupply } from './seedSupply';
import { catchUpStatistics, seedStatistics } from './seedStatistics';
import { demoBillingStart, seedDemoInvoice, seedMoneyHistory, seedOpeningBalance } from './seedMoney';
import { methodsOf, strategyOf } from '../settings/paymentMethods';
import type { NetworkConfig } from '../config/networkConfig';
import { accountManagers, notifications, users } from '../db/schema';
import { rejectCauses } from '../areas/ads/tables';
import { referralCodeOf } from '../areas/referral/program';
import { DEMO_PASSWORD, demoManagers, demoNotifications, demoRejectCauses, demoUsers, LOW_BALANCE_THRESHOLD, type DemoNotificationSubject, type DemoUser } from './seedData';

/**
 * Event lines a new demo advertiser's 90 days of statistics start with (about 10 s of seeding each). 0 (the
 * server's DEMO_EVENTS=0) turns the simulated ad server off: no statistics, no traffic, no catch-up.
 */
export const DEMO_EVENTS = 120_000;

/** Decimal strings with 4 places compared exactly (no float). */
const units = (money: string) => BigInt(money.replace('.', ''));

/**
 * Inserts the demo networks' account managers and users when missing; running it again changes nothing
 * (existing rows, including edited ones, are left alone). Only networks in `networkIds` are seeded.
 * With `demoAds` (network id → the formats it sells), a demo user marked `demoAds` starts with ads of those
 * formats in every approval state (seedAds.ts), campaigns over them (seedCampaigns.ts), feeds, RTB networks and
 * endpoints and traffic providers (seedSupply.ts) and 90 days of
 * statistics (seedStatistics.ts), the network gets its traffic (generateTraffic.ts) and the statistics are caught
 * up to the current hour; tests leave it out and start from empty tables. `demoEvents: 0` keeps the accounts,
 * ads and campaigns but runs no simulator.
 * @returns the demo users that exist for those networks (for the start-up banner).
 */
export async function seed(
  db: Db,
  networkIds: readonly string[],
  options: {
    secretBoxKey?: string;
    demoAds?: Record<string, readonly string[]>;
    /** Event lines of statistics per demo advertiser (default DEMO_EVENTS). */
    demoEvents?: number;
    /** The network configs (their payment methods price the demo payments). */
    networks?: readonly NetworkConfig[];
    now?: Date;
    /** Told what a long step is doing (the start-up prints it: a first start seeds for a while). */
    progress?: (line: string) => void;
    /** The port mails' links name for a `*.localhost` network (default PORT, else 8080: the server's own). */
    publicPort?: number;
  } = {},
): Promise<DemoUser[]> {
  const now = options.now ?? new Date();
  const events = options.demoEvents ?? DEMO_EVENTS;
  const simulator = options.demoAds !== undefined && events > 0;
  const box = createSecretBox(options.secretBoxKey ?? (await getOrCreateSecret(db, 'secret_box_key')));
  const wanted = new Set(networkIds);
  const managers = demoManagers.filter((m) => wanted.has(m.networkId));
  if (managers.length) await db.insert(accountManagers).values(managers).onConflictDoNothing();

  // Moderation's reject causes: once, so that operators' edits to them survive restarts.
  if (!(await db.select({ id: rejectCauses.id }).from(rejectCauses).limit(1)).length) await db.insert(rejectCauses).values(demoRejectCauses);

  // The marketplace's flat deals: the networks' inventory, in every database a config is seeded into.
  for (const network of options.networks ?? []) if (wanted.has(network.id)) await seedFlatDeals(db, network);

  const people = demoUsers.filter((u) => wanted.has(u.networkId));
  const referred: { userId: number; user: DemoUser }[] = [];
  for (const user of people) {
    const existing = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.networkId, user.networkId), eq(users.email, user.email)));
    if (existing.length) continue; // skip hashing: the seed runs on every start
    let managerId: number | null = null;
    if (user.managerEmail) {
      const [manager] = await db
        .select({ id: accountManagers.id })
        .from(accountManagers)
        .where(and(eq(accountManagers.networkId, user.networkId), eq(accountManagers.email, user.managerEmail)));
      managerId = manager?.id ?? null;
    }
    const [created] = await db
      .insert(users)
      .values({
        networkId: user.networkId,
        email: user.email,
        name: user.name,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        role: user.role,
        status: user.status,
        accountType: user.accountType,
        companyName: user.companyName,
        locale: user.locale,
        accountManagerId: managerId,
        emailConfirmedAt: user.status === 'confirmed' ? new Date() : null,
        // The demo users have months of history: they are past their welcome screen.
        welcomeSeenAt: new Date(),
        twoFactorMethod: user.twoFactor?.method ?? null,
        google2faSecret: user.twoFactor?.method === 'google' ? box.seal(user.twoFactor.totpSecret) : null,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const formats = options.demoAds?.[user.networkId];
    const history = Boolean(created && user.demoAds && formats && simulator);
    // The balance is ledger entries: an opening one, before the campaigns reserve from it.
    if (created) await seedOpeningBalance(db, created.id, user.balance, history ? demoBillingStart(now) : now);
    // An advertiser with months of history joined before it (their referrer's list shows when).
    if (created && history) await db.update(users).set({ createdAt: demoBillingStart(now) }).where(eq(users.id, created.id));
    const network = options.networks?.find((n) => n.id === user.networkId);
    const wire = network && methodsOf(network).find((m) => strategyOf(network, m) === 'invoice');
    let invoiceId: number | null = null;
    if (created && network && wire && user.accountType === 'company') {
      const buyer = { company_name: user.companyName, company_address: null, company_site: null, vat: null, email: user.email };
      invoiceId = await seedDemoInvoice(db, created.id, buyer, wire, network.settings.payments?.currency ?? 'USD', now);
    }
    if (created && user.demoAds && formats) {
      await seedDemoAds(db, { userId: created.id, networkId: user.networkId }, formats);
      await seedDemoCampaigns(db, { userId: created.id, networkId: user.networkId }, formats, now);
      await seedDemoSupply(db, { userId: created.id, networkId: user.networkId }, formats, network, now);
      if (simulator) {
        const report = progressOf(`90 days of statistics for ${user.email}`, events, options.progress);
        await seedStatistics(db, { events, userIds: [created.id], now, onProgress: report.step });
        report.done();
      }
      if (history && network) {
        const card = methodsOf(network).find((m) => m.type === 'card');
        await seedMoneyHistory(db, { userId: created.id, networkId: user.networkId }, card, network.settings.payments?.currency ?? 'USD', now);
      }
    }
    if (created && user.referredBy) referred.push({ userId: created.id, user });
    // Last: the notifications name the ads, campaigns and invoice made above.
    if (created && user.role === 'advertiser') await seedNotifications(db, created.id, user, invoiceId, now);
    // An unconfirmed demo user got the mail a sign-up sends: its confirmation link is in the outbox (and the log).
    if (created && user.status === 'unconfirmed' && network && options.networks) await mailConfirmation(db, options.networks, network, created.id, options);
  }
  // Who signed up with whose link, once every demo user exists; the commissions job pays the referrer as spend is charged.
  for (const { userId, user } of referred) {
    const [referrer] = await db.select({ id: users.id }).from(users).where(and(eq(users.networkId, user.networkId), eq(users.email, user.referredBy!)));
    if (referrer) await db.update(users).set({ affiliateCode: await referralCodeOf(db, referrer.id) }).where(eq(users.id, userId));
  }
  // The network's traffic of the last 28 days (the campaign form's estimate), with the demo data: npm start, not plain test databases.
  if (simulator) {
    const started = Date.now();
    const { rows } = await seedTraffic(db);
    if (rows) options.progress?.(`  the networks' traffic of the last 28 days: ${rows.toLocaleString('en')} rows (${seconds(started)})`);
  }
  // The demo advertisers' ad server kept running while the panel was stopped: their statistics reach the current hour.
  if (simulator) {
    const started = Date.now();
    const caught = await catchUpDemoStatistics(db, networkIds, options.demoAds ?? {}, events);
    if (caught) options.progress?.(`  statistics caught up to this hour: ${caught.toLocaleString('en')} events (${seconds(started)})`);
  }
  return people;
}

/**
 * Sends a new unconfirmed demo user the confirmation mail POST auth/register sends (services/accountMails.ts), with a
 * link to the network's public address at the server's port: it waits in the outbox (GET dev/outbox) and its line, with
 * the link, is printed with the start-up's progress, as the mailer logs it.
 */
async function mailConfirmation(db: Db, configs: readonly NetworkConfig[], network: NetworkConfig, userId: number, options: { publicPort?: number; progress?: (line: string) => void }) {
  const user = await createUsersRepository(db).findById(network.id, userId);
  if (!user) return;
  const line = (message: unknown) => options.progress?.(`  ${typeof message === 'string' ? message : JSON.stringify(message)}`);
  const log = { info: line, warn: line, error: line, debug: () => {}, trace: () => {}, fatal: line, child: () => log, level: 'info', silent: () => {} } as unknown as FastifyBaseLogger;
  const platform = {
    codes: createCodesRepository(db, await getOrCreateSecret(db, 'code_pepper')),
    networks: new NetworkRegistry(configs, options.publicPort ?? Number(process.env.PORT ?? 8080)),
    mailer: createMailer({ db, log }),
  } as unknown as Platform;
  await sendConfirmation(platform, network, user);
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Prints "what: about N events…", then "n of N" at each quarter, then the time it took. */
function progressOf(what: string, total: number, print: ((line: string) => void) | undefined) {
  const started = Date.now();
  let quarter = 0;
  print?.(`  ${what}: about ${total.toLocaleString('en')} events…`);
  return {
    step: (written: number) => {
      const reached = Math.floor((4 * written) / total);
      if (reached <= quarter || reached >= 4) return;
      quarter = reached;
      print?.(`    ${written.toLocaleString('en')} of ${total.toLocaleString('en')}`);
    },
    done: () => print?.(`    done (${seconds(started)})`),
  };
}

/**
 * The simulated ad server's clock: events for the campaigns of the demo advertisers (and of anyone who signed up on
 * the demo's networks since) from their last hour to now, at the rate the demo's history has (`events` lines over 90
 * days). On every start, and every few minutes while the server runs (main.ts), so spend reaches the statistics, and
 * from them the ledger, hour by hour.
 */
export async function catchUpDemoStatistics(db: Db, networkIds: readonly string[], demoAds: Record<string, readonly string[]>, events: number, now = new Date()): Promise<number> {
  const demo = demoUsers.filter((u) => u.demoAds && networkIds.includes(u.networkId) && demoAds[u.networkId]);
  if (demo.length === 0 || events <= 0) return 0;
  const found = await db
    .select({ id: users.id, networkId: users.networkId, email: users.email })
    .from(users)
    .where(inArray(users.email, demo.map((u) => u.email)));
  const ids = found.filter((f) => demo.some((u) => u.email === f.email && u.networkId === f.networkId)).map((f) => f.id);
  // Advertisers who signed up on the demo's networks get traffic too once a campaign of theirs is approved.
  const demoNetworks = [...new Set(demo.map((u) => u.networkId))];
  const newcomers = (await db.execute(sql`
    select distinct c.user_id as id from campaigns c join users u on u.id = c.user_id
    where u.network_id in (${sql.join(demoNetworks.map((n) => sql`${n}`), sql`, `)})
      and exists (select 1 from campaign_approvals a where a.campaign_id = c.id and a.status = 'approved')`)) as unknown as { rows: { id: number }[] };
  const others = newcomers.rows.map((r) => r.id).filter((id) => !ids.includes(id));
  return catchUpStatistics(db, [...ids, ...others], events / 90, now);
}

interface Subject {
  id: number | null;
  params: Record<string, string>;
}

/**
 * A new demo advertiser's notifications (seedData.ts `demoNotifications`), each about one of its own seeded ads,
 * campaigns or invoice, or about the account itself; one whose subject the user lacks is left out. Plus low
 * balance when it starts under the threshold.
 */
async function seedNotifications(db: Db, userId: number, user: DemoUser, invoiceId: number | null, now: Date) {
  type Row = { id: number; name: string; status: string; approval: string | null; cause: string | null; price?: string; recommended?: string | null };
  const { rows: campaigns } = (await db.execute(sql`
    select c.id, c.name, c.status, c.price::text as price, c.recommended_price::text as recommended, ap.status as approval, rc.name as cause from campaigns c
    left join lateral (select status, reject_cause_id from campaign_approvals where campaign_id = c.id order by id desc limit 1) ap on true
    left join reject_causes rc on rc.id = ap.reject_cause_id
    where c.user_id = ${userId} order by c.id`)) as unknown as { rows: Row[] };
  const { rows: ads } = (await db.execute(sql`
    select a.id, a.name, '' as status, ap.status as approval, coalesce(rc.name, ap.details) as cause from ads a
    left join lateral (select status, reject_cause_id, details from ad_approvals where ad_id = a.id order by id desc limit 1) ap on true
    left join reject_causes rc on rc.id = ap.reject_cause_id
    where a.user_id = ${userId} order by a.id`)) as unknown as { rows: Row[] };
  const campaign = (c: Row | undefined, extra: Record<string, string> = {}): Subject | null => (c ? { id: c.id, params: { campaign_name: c.name, ...extra } } : null);
  const ad = (a: Row | undefined): Subject | null => (a ? { id: a.id, params: { ad_name: a.name, ...(a.cause ? { reason: a.cause } : {}) } } : null);
  const active = campaigns.find((c) => c.status === 'active' && c.approval === 'approved');
  const rejected = campaigns.find((c) => c.approval === 'rejected');
  const subjects: Record<DemoNotificationSubject, Subject | null> = {
    confirmedEmail: user.status === 'confirmed' ? { id: null, params: {} } : null,
    secondStep: user.twoFactor ? { id: null, params: { method: user.twoFactor.method } } : null,
    invoice: invoiceId === null ? null : { id: invoiceId, params: {} },
    activeCampaign: campaign(active, active?.recommended && active.price && units(active.recommended) > units(active.price) ? { recommended_price: active.recommended } : {}),
    pausedCampaign: campaign(campaigns.find((c) => c.status === 'paused' && c.approval === 'approved')),
    rejectedCampaign: campaign(rejected, rejected?.cause ? { reason: rejected.cause } : {}),
    approvedAd: ad(ads.find((a) => a.approval === 'approved')),
    rejectedAd: ad(ads.find((a) => a.approval === 'rejected')),
    adNeedingEdits: ad(ads.find((a) => a.approval === 'needs_edits')),
  };
  const rows = demoNotifications.flatMap((n) => {
    const subject = subjects[n.about];
    // A low-price warning for a campaign whose price already wins is no warning.
    if (!subject || (n.type === 'campaign_low_price' && !subject.params.recommended_price)) return [];
    const info = notificationType(n.type);
    const createdAt = new Date(now.getTime() - n.hoursAgo * 3_600_000);
    return [{ userId, type: n.type, category: info.category, entityType: subject.id === null ? null : info.entityType, entityId: subject.id, params: subject.params, createdAt, readAt: n.read ? new Date(createdAt.getTime() + 3_600_000) : null }];
  });
  if (units(user.balance) < units(LOW_BALANCE_THRESHOLD)) {
    rows.push({ userId, type: 'user_low_balance', category: 'user', entityType: null, entityId: null, params: { balance: user.balance, threshold: LOW_BALANCE_THRESHOLD }, createdAt: new Date(now.getTime() - 600_000), readAt: null });
  }
  if (rows.length) await db.insert(notifications).values(rows);
}
