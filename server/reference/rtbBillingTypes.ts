import type { BillingType } from '../../generated/types';

/** How a connected RTB network pays for the traffic it buys (GET networks/billing-types). */
export const rtbBillingTypes: readonly BillingType[] = [
  { id: 'cpm', name: 'CPM: per thousand impressions' },
  { id: 'cpc', name: 'CPC: per click' },
  { id: 'revshare', name: 'Revenue share' },
];
