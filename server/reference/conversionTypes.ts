import type { ConversionType } from '../../generated/types';

/** What counts as a conversion of a CPA campaign (schemas/lookups/conversion-type.answer.schema.json); the id is saved with the campaign, so never change one. */
export const conversionTypes: readonly ConversionType[] = [
  { id: 'lead', name: 'Lead' },
  { id: 'sale', name: 'Sale' },
  { id: 'registration', name: 'Registration' },
  { id: 'install', name: 'Install' },
  { id: 'first_open', name: 'First open' },
  { id: 'deposit', name: 'Deposit' },
  { id: 'first_deposit', name: 'First deposit' },
  { id: 'subscription', name: 'Subscription' },
  { id: 'trial', name: 'Trial start' },
];
