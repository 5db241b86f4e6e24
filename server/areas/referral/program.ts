/**
 * The referral program: a user's code (the `?ref=` of their link), the users who signed up with it (their
 * referrals: `users.affiliate_code` is the code, on the same network), and the commission the referrer earns, the
 * referrer's `referral_percent` of each referral's campaign spend. Commissions are ledger entries keyed by the spend
 * entry they pay for (`referral:<spend entry id>`), so each charged hour (and each later correction of it) pays once.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { postEntries, type LedgerEntryInput } from '../finances/public';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const DAY = 86_400_000;
/** Spend entries are looked at this long after they were written (the job runs every few minutes; this covers a long stop). */
const COMMISSION_WINDOW_MS = 7 * DAY;
/** Spend entries paid per pass at most; the next pass takes the rest. */
const COMMISSION_BATCH = 5_000;
const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** The user's referral code, made on first use (10 characters without look-alikes: no l, o, 0, 1). */
export async function referralCodeOf(db: Db, userId: number): Promise<string> {
  const [existing] = rowsOf<{ code: string }>(await db.execute(sql`select code from referral_codes where user_id = ${userId}`));
  if (existing) return existing.code;
  for (;;) {
    const code = [...randomBytes(10)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
    await db.execute(sql`insert into referral_codes (user_id, code) values (${userId}, ${code}) on conflict do nothing`);
    const [row] = rowsOf<{ code: string }>(await db.execute(sql`select code from referral_codes where user_id = ${userId}`));
    if (row) return row.code;
  }
}

/** An e-mail address as a referrer may see it: its first letter, its domain (`a***@example.com`). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
}

/**
 * Pays the commissions not yet paid: for each campaign spend entry (written in the last 7 days) of a user who signed
 * up with someone's code, that someone's percent of it, keyed by the entry. A correction that gave spend back makes
 * a negative commission. Rounded half up to 6 decimals, as the ledger keeps money.
 * @returns the referrers credited, with their network (for the balance rules).
 */
export async function payCommissions(db: Db, now: Date): Promise<{ userId: number; networkId: string }[]> {
  const owed = rowsOf<{ spend_id: number; referrer: number; network_id: string; amount: string }>(
    await db.execute(sql`
      select s.id as spend_id, rc.user_id as referrer, r.network_id, round(-s.amount * r.referral_percent / 100, 6)::text as amount
      from ledger_entries s
      join users u on u.id = s.user_id and u.affiliate_code is not null
      join referral_codes rc on rc.code = u.affiliate_code
      join users r on r.id = rc.user_id and r.network_id = u.network_id and r.id <> u.id
      where s.kind = 'campaign_spend' and s.created_at >= ${new Date(now.getTime() - COMMISSION_WINDOW_MS).toISOString()}::timestamptz
        and not exists (select 1 from ledger_entries c where c.user_id = rc.user_id and c.key = 'referral:' || s.id)
      order by s.id limit ${COMMISSION_BATCH}`),
  );
  const entries: LedgerEntryInput[] = owed
    .filter((o) => Number(o.amount) !== 0)
    .map((o) => ({ userId: o.referrer, kind: 'referral_commission', amount: o.amount, key: `referral:${o.spend_id}` }));
  if (!entries.length) return [];
  await postEntries(db, entries);
  const credited = new Map(owed.map((o) => [o.referrer, o.network_id]));
  return [...credited].map(([userId, networkId]) => ({ userId, networkId }));
}

/** The referrer's referrals: who signed up with the code on the referrer's network (not the referrer). */
export const referralsOf = (referrer: { userId: number; networkId: string; code: string }) =>
  sql`users u where u.network_id = ${referrer.networkId} and u.affiliate_code = ${referrer.code} and u.id <> ${referrer.userId}`;

/** The referrer's commission entries with the spend each paid for (`c` the commission, `s` the spend, `ru` its referral). */
export const commissionsOf = (referrerId: number) =>
  sql`ledger_entries c join ledger_entries s on s.id = (case when c.key ~ '^referral:[0-9]{1,18}$' then substring(c.key from 10)::bigint end) and s.kind = 'campaign_spend'
      join users ru on ru.id = s.user_id
      where c.user_id = ${referrerId} and c.kind = 'referral_commission' and c.key like 'referral:%'`;

/** UTC midnight of a `YYYY-MM-DD` day, and of the day after another. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
export const dayEnd = (day: string) => new Date(dayStart(day).getTime() + DAY);
