/**
 * The demo advertisers' money, written the way the product writes it: every balance is ledger entries. A new demo
 * user starts with an opening balance (as if moved from a previous billing system); one with a statistics history
 * also gets the card payments that paid for it, a declined one, and the history's spend charged hour by hour by the
 * finances area's own charge (`chargeUser`), so the finance screens, the ledger and the statistics agree.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { quote } from '../../engine/money/quote';
import { parseDecimal, compareDecimals, formatDecimal, roundDecimal } from '../../engine/format/decimal';
import { postEntries } from '../areas/finances/ledger';
import { createInvoicesRepository, type Buyer } from '../areas/finances/invoices';
import { createPaymentsRepository } from '../areas/finances/payments';
import { chargeUser } from '../areas/finances/spend';
import type { PaymentMethodConfig } from '../settings/paymentMethods';

const DAY = 86_400_000;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** When a demo user's billing starts: the start of their statistics history (90 days) and a day more. */
export function demoBillingStart(now: Date): Date {
  return new Date(Math.floor((now.getTime() - 91 * DAY) / DAY) * DAY);
}

/**
 * Opens the user's billing account from `spendFrom` and enters their starting balance as an opening entry at that
 * time. Keyed: running it again changes nothing.
 */
export async function seedOpeningBalance(db: Db, userId: number, balance: string, spendFrom: Date): Promise<void> {
  await db.execute(sql`insert into billing_accounts (user_id, spend_from) values (${userId}, ${spendFrom.toISOString()}::timestamptz) on conflict (user_id) do nothing`);
  if (compareDecimals(parseDecimal(balance), parseDecimal('0')) === 0) return;
  await postEntries(db, [{ userId, kind: 'adjustment', amount: formatDecimal(parseDecimal(balance), 6), key: 'opening-balance', note: 'Opening balance', at: spendFrom }]);
}

/** `money` rounded up to whole hundreds, at least 100 (e.g. '1234.56' → '1300.00'). */
function hundredsAbove(money: string): string {
  const cents = roundDecimal(parseDecimal(money), 2).units;
  const hundreds = (cents + 9_999n) / 10_000n;
  return `${(hundreds < 1n ? 1n : hundreds) * 100n}.00`;
}

/**
 * The card payments that paid for the user's history: three top-ups, about a month apart, that together cover what
 * the statistics say the campaigns spent (each a whole number of hundreds, priced by the card method's fee and
 * bonus rules), one declined attempt, then the history's spend charged into the ledger.
 */
export async function seedMoneyHistory(db: Db, user: { userId: number; networkId: string }, card: PaymentMethodConfig | undefined, currency: string, now: Date): Promise<void> {
  const [{ spent }] = rowsOf<{ spent: string }>(await db.execute(sql`select coalesce(sum(cost), 0)::numeric(20,2)::text as spent from stat_hourly where user_id = ${user.userId}`));
  const repo = createPaymentsRepository(db);
  if (card && compareDecimals(parseDecimal(spent), parseDecimal('0')) > 0) {
    const third = parseDecimal(spent);
    const each = hundredsAbove(formatDecimal({ units: third.units / 3n, scale: third.scale }, 2));
    const rules = { feePercent: card.feePercent, bonuses: card.bonuses ?? [] };
    for (const [i, daysAgo] of [85, 55, 25].entries()) {
      const at = new Date(now.getTime() - daysAgo * DAY + i * 3_600_000 * 5);
      const q = quote(each, rules);
      const payment = await repo.create({ userId: user.userId, paymentMethodId: card.id, methodType: card.type, gateway: 'sandbox', amount: q.amount, fee: q.fee, bonus: q.bonus, currency, idempotencyKey: `demo-history-${i}`, status: 'pending' });
      if (!payment) continue;
      await db.execute(sql`update payments set created_at = ${at.toISOString()}::timestamptz, gateway_ref = ${`sbx_cs_demo_${payment.id}`} where id = ${payment.id}`);
      await db.transaction((tx) => repo.succeed(tx, { ...payment, createdAt: at }, at));
    }
    const declinedAt = new Date(now.getTime() - 12 * DAY);
    const q = quote('500', rules);
    const declined = await repo.create({ userId: user.userId, paymentMethodId: card.id, methodType: card.type, gateway: 'sandbox', amount: q.amount, fee: q.fee, bonus: q.bonus, currency, idempotencyKey: 'demo-history-declined' });
    if (declined) {
      await db.execute(sql`
        update payments set status = 'failed', failure_reason = 'Your card was declined.', created_at = ${declinedAt.toISOString()}::timestamptz,
          updated_at = ${declinedAt.toISOString()}::timestamptz, gateway_ref = ${`sbx_cs_demo_${declined.id}`}
        where id = ${declined.id}`);
    }
  }
  await chargeUser(db, user, now);
}

/**
 * A company's bank transfer under way: an unpaid invoice issued three days ago for twice the method's minimum rounded up
 * to thousands, so the Finances page shows it owed and support can mark it paid (the demo of paying by invoice).
 * @returns the invoice's id.
 */
export async function seedDemoInvoice(db: Db, userId: number, buyer: Buyer, wire: PaymentMethodConfig, currency: string, now: Date): Promise<number> {
  const minimum = Number(wire.minAmount);
  const amount = `${Math.max(1, Math.ceil((minimum * 2) / 1000)) * 1000}.00`;
  const invoice = await createInvoicesRepository(db).create({ userId, paymentMethodId: wire.id, amount, currency, buyer, note: 'Q4 budget, PO 4711' });
  const issued = new Date(now.getTime() - 3 * DAY).toISOString();
  await db.execute(sql`update invoices set created_at = ${issued}::timestamptz, updated_at = ${issued}::timestamptz where id = ${invoice.id}`);
  return invoice.id;
}
