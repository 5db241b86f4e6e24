/**
 * What the finances area offers the other areas: posting to the ledger (every change of a balance goes through
 * `postEntries`) and the billing rules to run after one. Anything else in this folder is internal.
 */
export { postEntries, ledgerSum, type LedgerEntryInput } from './ledger';
export { afterBalanceChange } from './billing';
export type { LedgerKind } from './tables';
