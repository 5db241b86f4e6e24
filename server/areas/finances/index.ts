import type { FastifyInstance } from 'fastify';
import { afterBalanceChange } from './billing';
import { chargeSpend } from './spend';
import './public';

/** How often the spend job looks for closed hours to charge. */
const SPEND_EVERY_MS = 5 * 60_000;

/**
 * Money: the ledger, campaign spend charged into it hour by hour, and what a balance change means for the account
 * (campaigns stop at zero, low-balance notices). Payments, finances and invoices are added to this area.
 */
export default async function financesArea(app: FastifyInstance) {
  app.platform.jobs.every('finances.charge-spend', SPEND_EVERY_MS, async (now) => {
    for (const charge of await chargeSpend(app.platform.db, now)) await afterBalanceChange(app, charge.userId, charge.networkId);
  });
}
