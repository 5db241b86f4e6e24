import type { CheckoutRequest } from './gateway';

/** The checkout the gateway tests open: payment 10042 of 1250.50 USD, back to `panel`'s success and error pages. */
export const checkoutRequest = (over: Partial<CheckoutRequest> = {}, panel = 'https://adnet.example'): CheckoutRequest => ({
  paymentId: 10042,
  number: 'P-10042',
  amount: '1250.50',
  currency: 'USD',
  description: 'AdNet: P-10042',
  email: 'alex@example.com',
  locale: 'en',
  successUrl: `${panel}/add-funds/success?payment=10042`,
  errorUrl: `${panel}/add-funds/error?payment=10042`,
  saveForRecurring: false,
  ...over,
});
