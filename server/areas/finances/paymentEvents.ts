/**
 * What follows a payment's move, once its transaction committed: money in or out runs the billing rules (a frozen
 * account restarts its campaigns), and a recurring top-up the card refused tells the user and stops the automatic
 * top-ups until they set them again, so a refusing card is never charged in a loop.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailContext } from '../../services/accountMails';
import { afterBalanceChange } from './billing';
import { creditedOf, paymentNumber, type EventOutcome } from './payments';

export async function afterPaymentEvent(app: FastifyInstance, outcome: EventOutcome): Promise<void> {
  const { payment, movedTo } = outcome;
  if (!payment || !movedTo) return;
  const [owner] = ((await app.platform.db.execute(sql`select network_id from users where id = ${payment.userId}`)) as unknown as { rows: { network_id: string }[] }).rows;
  if (!owner) return;
  if (movedTo === 'succeeded' || movedTo === 'refunded') await afterBalanceChange(app, payment.userId, owner.network_id);
  if (movedTo === 'failed' && payment.isSubscription) {
    await app.platform.db.execute(sql`update payment_subscriptions set failed_at = now(), updated_at = now() where user_id = ${payment.userId}`);
    const user = await app.platform.users.findById(owner.network_id, payment.userId);
    if (user) {
      await app.platform.notifications.create(user, 'payment_uncaptured_charge', {
        entityId: payment.id,
        params: { amount: `${payment.amount} ${payment.currency}`, number: paymentNumber(payment.id), credited: creditedOf(payment), reason: payment.failureReason ?? '' },
        mail: mailContext(app.platform.networks, app.platform.networks.get(owner.network_id)),
      });
    }
  }
}
