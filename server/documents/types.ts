import type { Locale } from '../config/networkConfig';

/** The languages a document can be printed in (the panel's locales; "jp" is Japanese). */
export type DocumentLocale = Locale;

/** A money amount as an exact decimal string ("1250.00", "-3.5"): never a float. */
export type DecimalString = string;

/** A currency as the network shows it: ISO code and the sign printed beside amounts. */
export interface DocumentCurrency {
  /** ISO 4217 code, e.g. "USD". */
  code: string;
  /** The sign printed with amounts, e.g. "$"; an empty sign prints the code. */
  sign: string;
}

/** The white-label network whose name, logo and colour brand the document. */
export interface DocumentNetwork {
  name: string;
  /** Absolute path of an SVG or PNG logo; the name is printed in the primary colour when absent or unreadable. */
  logo?: string;
  /** Brand colour as "#rrggbb" (or "#rgb"). */
  primaryColor: string;
  currencyCode: string;
  currencySign: string;
}

/** The network's bank account that an invoice is paid to. */
export interface BankDetails {
  bankName: string;
  /** IBAN or account number. */
  account: string;
  /** SWIFT / BIC code. */
  swift?: string;
  /**
   * What the payer writes in the transfer's purpose; `{number}` stands for the invoice number.
   * Without it the invoice number alone is the reference.
   */
  reference?: string;
}

/** The network's company that issues the document. */
export interface SellerParty {
  name: string;
  addressLines: string[];
  vatId?: string;
  bank?: BankDetails;
}

/** The advertiser's company that an invoice is made out to (all of it typed by users). */
export interface BuyerParty {
  companyName: string;
  address?: string;
  site?: string;
  vatId?: string;
  email?: string;
}

/** One line of an invoice. */
export interface InvoiceLine {
  description: string;
  amount: DecimalString;
}

/** Where an invoice stands; anything but unpaid gets a stamp. */
export type InvoiceStatus = 'unpaid' | 'paid' | 'cancelled';

/** Everything an invoice PDF prints. */
export interface InvoiceDocument {
  locale: DocumentLocale;
  network: DocumentNetwork;
  seller: SellerParty;
  buyer: BuyerParty;
  /** e.g. "INV-2026-000123". */
  number: string;
  issuedAt: Date;
  dueAt: Date;
  status: InvoiceStatus;
  lines: InvoiceLine[];
  total: DecimalString;
  /** Free text from the user or the operator. */
  note?: string;
}

/** Everything a payment receipt PDF prints. */
export interface ReceiptDocument {
  locale: DocumentLocale;
  network: DocumentNetwork;
  /** The network's company, printed as the recipient; the network's name stands in without it. */
  seller?: SellerParty;
  payerName: string;
  payerEmail?: string;
  /** The payment's number as the panel shows it. */
  number: string;
  paidAt: Date;
  /** Display name of the payment method, e.g. "Visa •••• 4242". */
  methodName: string;
  amount: DecimalString;
  fee: DecimalString;
  bonus: DecimalString;
  credited: DecimalString;
  /** The payment's currency, when not the network's. */
  currency?: DocumentCurrency;
}

/** Where an order stands; all but pending get a stamp. */
export type OrderStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';

/** Everything a flat deal order confirmation PDF prints. */
export interface OrderDocument {
  locale: DocumentLocale;
  network: DocumentNetwork;
  seller: SellerParty;
  /** The advertiser, as their profile names them. */
  buyer: BuyerParty;
  /** e.g. "FD-1001". */
  number: string;
  orderedAt: Date;
  status: OrderStatus;
  /** The deal: the site's domain or the country group's name. */
  deal: string;
  adFormat: string;
  /** How much is bought: 250000 impressions, 5000 clicks or 14 days. */
  limitType: 'impressions' | 'clicks' | 'days';
  limitValue: number;
  startsOn: Date;
  endsOn: Date;
  creativeFormat?: string;
  price: DecimalString;
  /** The user's note to the network. */
  note?: string;
  /** What staff wrote deciding it. */
  decisionNote?: string;
}
