import type { PaymentMethod } from './paymentMethods';

/** The demo network's three ways to pay (network-configs/adnet.json), as `GET settings` answers them. */
export const CARD: PaymentMethod = {
  id: 1,
  type: 'card',
  logo: '/network-assets/adnet/payments/card.svg',
  strategy: 'redirect',
  fee_percent: '3.00',
  min_add_funds_amount: '50.00',
  max_add_funds_amount: '20000.00',
  recurring: true,
  bonuses: [
    { bonus_percent: '10.00', from_amount: '5000.00' },
    { bonus_percent: '5.00', from_amount: '1000.00' },
  ],
  translations: [
    { locale: 'en', name: 'Bank card', description: 'Visa, Mastercard. Credited at once.' },
    { locale: 'ru', name: 'Банковская карта', description: 'Visa, Mastercard. Зачисление сразу.' },
  ],
};

export const PAYPAL: PaymentMethod = {
  ...CARD,
  id: 2,
  type: 'paypal',
  fee_percent: '4.50',
  max_add_funds_amount: '10000.00',
  recurring: false,
  bonuses: [],
  translations: [{ locale: 'de', name: 'PayPal (de)', description: '' }, { locale: 'en', name: 'PayPal', description: 'Your PayPal balance' }],
};

export const WIRE: PaymentMethod = {
  ...CARD,
  id: 3,
  type: 'wire_transfer',
  strategy: 'invoice',
  fee_percent: '0.00',
  min_add_funds_amount: '1000.00',
  max_add_funds_amount: '500000.00',
  recurring: false,
  bonuses: [{ bonus_percent: '3.00', from_amount: '5000.00' }],
  translations: [{ locale: 'fr', name: 'Virement', description: 'Sur facture' }],
};
