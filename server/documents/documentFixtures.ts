import { join } from 'node:path';
import { paths } from '../paths';
import type { DocumentLocale, DocumentNetwork, InvoiceDocument, OrderDocument, ReceiptDocument } from './types';

/** The demo network AdNet, with its real SVG logo. */
export const adnetNetwork: DocumentNetwork = {
  name: 'AdNet',
  logo: join(paths.networkAssets, 'adnet', 'logo.svg'),
  primaryColor: '#2D72D2',
  currencyCode: 'USD',
  currencySign: '$',
};

/** Customers' company names in the scripts the documents must print. */
export const buyerNames: Record<DocumentLocale, string> = {
  en: 'Blue Harbor Media Ltd',
  ru: 'ООО «Ромашка Медиа»',
  es: 'Publicidad Año Nuevo S.L.',
  de: 'Größenwahn Werbung GmbH',
  jp: '株式会社サンプル広告',
};

/** An invoice for tests and previews, in `locale`, with overrides. */
export function sampleInvoice(locale: DocumentLocale, overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    locale,
    network: adnetNetwork,
    seller: {
      name: 'AdNet Europe B.V.',
      addressLines: ['Keizersgracht 123', '1015 CJ Amsterdam, Netherlands'],
      vatId: 'NL123456789B01',
      bank: { bankName: 'ING Bank N.V.', account: 'NL91 INGB 0001 2345 67', swift: 'INGBNL2A', reference: 'Advertising services, invoice {number}' },
    },
    buyer: {
      companyName: buyerNames[locale],
      address: '221B Baker Street\nLondon NW1 6XE, United Kingdom',
      site: 'https://blueharbor.example',
      vatId: 'GB987654321',
      email: 'billing@blueharbor.example',
    },
    number: 'INV-2026-000123',
    issuedAt: new Date(Date.UTC(2026, 4, 3, 10, 15)),
    dueAt: new Date(Date.UTC(2026, 4, 17)),
    status: 'unpaid',
    lines: [
      { description: 'Advertising services, May 2026: popunder campaigns', amount: '1250.00' },
      { description: 'Push notification campaigns', amount: '300.5' },
    ],
    total: '1550.50',
    note: 'Thank you for your business.',
    ...overrides,
  };
}

/** A receipt for tests and previews, in `locale`, with overrides. */
export function sampleReceipt(locale: DocumentLocale, overrides: Partial<ReceiptDocument> = {}): ReceiptDocument {
  return {
    locale,
    network: adnetNetwork,
    seller: { name: 'AdNet Europe B.V.', addressLines: ['Keizersgracht 123', '1015 CJ Amsterdam, Netherlands'], vatId: 'NL123456789B01' },
    payerName: buyerNames[locale],
    payerEmail: 'billing@blueharbor.example',
    number: 'PAY-2026-004512',
    paidAt: new Date(Date.UTC(2026, 4, 3, 14, 7, 59)),
    methodName: 'Visa •••• 4242',
    amount: '1250.00',
    fee: '37.50',
    bonus: '62.50',
    credited: '1275.00',
    ...overrides,
  };
}

/** A flat deal order for tests and previews, in `locale`, with overrides. */
export function sampleOrder(locale: DocumentLocale, overrides: Partial<OrderDocument> = {}): OrderDocument {
  return {
    locale,
    network: adnetNetwork,
    seller: { name: 'AdNet Europe B.V.', addressLines: ['Keizersgracht 123', '1015 CJ Amsterdam, Netherlands'], vatId: 'NL123456789B01' },
    buyer: { companyName: buyerNames[locale], email: 'billing@blueharbor.example' },
    number: 'FD-1001',
    orderedAt: new Date(Date.UTC(2026, 10, 28, 9, 30)),
    status: 'pending',
    deal: 'sportzone24.com',
    adFormat: 'Banner',
    limitType: 'impressions',
    limitValue: 250000,
    startsOn: new Date(Date.UTC(2026, 11, 1)),
    endsOn: new Date(Date.UTC(2026, 11, 14)),
    creativeFormat: '300x250',
    price: '562.50',
    note: 'Call Ann before the start.',
    ...overrides,
  };
}
