/** What counts as a conversion of a CPA campaign; the id is saved with the campaign, so never change one. */
export interface ConversionType {
  id: string;
  name: string;
}

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
