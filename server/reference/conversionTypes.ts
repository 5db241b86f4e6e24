import type { ConversionType } from '../../generated/types';

/**
 * What counts as a conversion of a CPA campaign (schemas/lookups/conversion-type.answer.schema.json); the id is saved
 * with the campaign, so never change one. A repeatable type may come more than once for one click (tracking's
 * postback counts each); any other is counted once per click.
 */
export const conversionTypes: readonly ConversionType[] = [
  { id: 'lead', name: 'Lead', repeatable: false },
  { id: 'sale', name: 'Sale', repeatable: true },
  { id: 'registration', name: 'Registration', repeatable: false },
  { id: 'install', name: 'Install', repeatable: false },
  { id: 'first_open', name: 'First open', repeatable: false },
  { id: 'deposit', name: 'Deposit', repeatable: true },
  { id: 'first_deposit', name: 'First deposit', repeatable: false },
  { id: 'subscription', name: 'Subscription', repeatable: true },
  { id: 'trial', name: 'Trial start', repeatable: false },
];
