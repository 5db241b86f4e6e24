/**
 * What a balance change means for the account: at zero the user's campaigns stop and they are told their
 * account is frozen; below the network's low-balance line they are told once per crossing, and once when at the
 * last week's spend the balance runs out within days; money back above zero restarts the campaigns the balance
 * stopped. Runs after spend was charged and after every deposit.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { compareDecimals, parseDecimal } from '../../../engine/format/decimal';
import { notifyUser } from '../../services/accountMails';
import { financeSummary } from './reports';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The low-balance line when the network config names none. */
export const DEFAULT_LOW_BALANCE = '100.00';
/** The balance-expiring notice is sent when the forecast says the balance lasts fewer whole days than this. */
export const EXPIRING_WITHIN_DAYS = 3;
const DAY = 86_400_000;

/** A user's money state as the billing rules read it. */
interface State {
  balance: string;
  frozen: boolean;
  lowNotified: boolean;
  expiringNotified: boolean;
}

async function stateOf(app: FastifyInstance, userId: number): Promise<State | undefined> {
  const [row] = rowsOf<{ balance: string; frozen_at: unknown; low_balance_notified_at: unknown; expiring_notified_at: unknown }>(
    await app.platform.db.execute(sql`
      select u.balance::text as balance, b.frozen_at, b.low_balance_notified_at, b.expiring_notified_at
      from users u join billing_accounts b on b.user_id = u.id where u.id = ${userId}`),
  );
  return row && { balance: row.balance, frozen: row.frozen_at !== null, lowNotified: row.low_balance_notified_at !== null, expiringNotified: row.expiring_notified_at !== null };
}

/** Sets or clears one of the account's notice marks; true when this call changed it (so one process notifies). */
async function mark(app: FastifyInstance, userId: number, column: 'frozen_at' | 'low_balance_notified_at' | 'expiring_notified_at', on: boolean): Promise<boolean> {
  const name = sql.identifier(column);
  const result = rowsOf<{ user_id: number }>(
    await app.platform.db.execute(
      on
        ? sql`update billing_accounts set ${name} = now() where user_id = ${userId} and ${name} is null returning user_id`
        : sql`update billing_accounts set ${name} = null where user_id = ${userId} and ${name} is not null returning user_id`,
    ),
  );
  return result.length > 0;
}

const notify = (app: FastifyInstance, userId: number, networkId: string, type: string, params: Record<string, unknown>) => notifyUser(app.platform, networkId, userId, type, { params });

/** The network's low-balance line for a user (network config `payments.lowBalanceThreshold`). */
function lowLine(app: FastifyInstance, networkId: string): string {
  return app.platform.networks.get(networkId).settings.payments?.lowBalanceThreshold ?? DEFAULT_LOW_BALANCE;
}

/**
 * Applies the billing rules after a user's balance changed. Each notice is sent once per crossing: the mark is set by
 * the one call that changed it, and cleared when the balance is back above the line.
 */
export async function afterBalanceChange(app: FastifyInstance, userId: number, networkId: string, now = new Date()): Promise<void> {
  const state = await stateOf(app, userId);
  if (!state) return;
  const balance = parseDecimal(state.balance);
  const empty = compareDecimals(balance, parseDecimal('0')) <= 0;
  const low = compareDecimals(balance, parseDecimal(lowLine(app, networkId))) < 0;
  const shown = state.balance.replace(/(\.\d{2})\d*$/, '$1');

  if (empty && !state.frozen && (await mark(app, userId, 'frozen_at', true))) {
    const stopped = await app.campaigns.stopForBalance(userId);
    await notify(app, userId, networkId, 'user_frozen', { balance: shown, campaigns: stopped });
  } else if (!empty && state.frozen && (await mark(app, userId, 'frozen_at', false))) {
    await app.campaigns.resumeAfterBalance(userId);
  }
  if (low && !state.lowNotified && !empty && (await mark(app, userId, 'low_balance_notified_at', true))) {
    await notify(app, userId, networkId, 'user_low_balance', { balance: shown, threshold: lowLine(app, networkId) });
  } else if (!low && state.lowNotified) {
    await mark(app, userId, 'low_balance_notified_at', false);
  }
  await expiringNotice(app, userId, networkId, state, empty, now);
}

/** The day the forecast says the balance runs out, as payment dates are written (DD.MM.YYYY, UTC). */
const dayAfter = (now: Date, days: number) => {
  const d = new Date(Math.floor(now.getTime() / DAY) * DAY + days * DAY);
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
};

/**
 * Tells the user once when, at the last 7 days' average spend (the forecast of the Finances page), the balance lasts
 * fewer than `EXPIRING_WITHIN_DAYS` days; a balance that lasts longer again (money in, spend slowed) re-arms it.
 * An empty balance is the frozen notice's business.
 */
async function expiringNotice(app: FastifyInstance, userId: number, networkId: string, state: State, empty: boolean, now: Date): Promise<void> {
  const { days_left: daysLeft } = await financeSummary(app.platform.db, userId, '', now);
  const soon = !empty && daysLeft !== null && daysLeft < EXPIRING_WITHIN_DAYS;
  if (soon && !state.expiringNotified && (await mark(app, userId, 'expiring_notified_at', true))) {
    await notify(app, userId, networkId, 'user_balance_expiring', { expires_on: dayAfter(now, daysLeft), days_left: daysLeft });
  } else if (!soon && state.expiringNotified) {
    await mark(app, userId, 'expiring_notified_at', false);
  }
}
