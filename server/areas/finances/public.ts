/**
 * What the finances area offers the other areas: posting to the ledger (every change of a balance goes through
 * `postEntries`), the billing rules to run after one, and its gateways and repositories (decorated on the app as
 * `app.finances` by this area's `provide`). Anything else in this folder is internal.
 */
import type { Gateway, GatewayEvent } from './gateways/gateway';
import type { InvoicesRepository } from './invoices';
import type { PaymentsRepository } from './payments';
import type { SubscriptionsRepository } from './subscriptions';

export { postEntries, ledgerSum, type LedgerEntryInput } from './ledger';
export { afterBalanceChange } from './billing';
export type { LedgerKind } from './tables';

/** The finances area's parts other code reaches through `app.finances`. */
export interface Finances {
  gateways: Map<string, Gateway>;
  /** Signs the sandbox gateway's tokens and webhooks. */
  sandboxSecret: string;
  payments: PaymentsRepository;
  invoices: InvoicesRepository;
  subscriptions: SubscriptionsRepository;
  /** Queues a sandbox webhook delivery (signed, retried) to this server. */
  deliverSandboxEvent: (event: GatewayEvent) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The finances area (server/areas/finances/public.ts). */
    finances: Finances;
  }
}
