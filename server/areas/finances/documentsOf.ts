/**
 * The PDF documents of an invoice and of a payment, from the records and the network's config (documents/networkParties.ts),
 * in the reader's language.
 */
import type { NetworkConfig } from '../../config/networkConfig';
import type { UserRow } from '../../repositories/usersRepository';
import { methodOf } from '../../settings/paymentMethods';
import { documentNetwork, documentSeller, renderInvoicePdf, renderReceiptPdf } from '../../documents';
import { invoiceNumber, type Buyer, type InvoiceRecord } from './invoices';
import { creditedOf, paymentNumber, type PaymentRecord } from './payments';
import { pickTranslation } from '../../../engine/i18n/pickTranslation';

/** Days a bank transfer has to arrive, printed as the due date. */
const DUE_DAYS = 14;

/** The invoice as a PDF in `locale`. */
export function invoicePdf(network: NetworkConfig, invoice: InvoiceRecord, locale: string): Promise<Buffer> {
  const buyer = invoice.buyer as Buyer;
  const number = invoiceNumber(invoice);
  return renderInvoicePdf({
    locale: locale as never,
    network: documentNetwork(network),
    seller: documentSeller(network),
    buyer: {
      companyName: buyer.company_name ?? '',
      ...(buyer.company_address ? { address: buyer.company_address } : {}),
      ...(buyer.company_site ? { site: buyer.company_site } : {}),
      ...(buyer.vat ? { vatId: buyer.vat } : {}),
      ...(buyer.email ? { email: buyer.email } : {}),
    },
    number,
    issuedAt: invoice.createdAt,
    dueAt: new Date(invoice.createdAt.getTime() + DUE_DAYS * 86_400_000),
    status: invoice.status,
    lines: [{ description: `${network.name}: advertising balance top-up (${number})`, amount: invoice.amount }],
    total: invoice.amount,
    ...(invoice.note ? { note: invoice.note } : {}),
  });
}

/** The receipt of a succeeded (or refunded) payment as a PDF in the payer's language. */
export function receiptPdf(network: NetworkConfig, payment: PaymentRecord, payer: UserRow): Promise<Buffer> {
  const method = methodOf(network, payment.paymentMethodId);
  const name = method && pickTranslation(method.translations, payer.locale);
  const last4 = (payment.metadata as { card_last4?: string }).card_last4;
  return renderReceiptPdf({
    locale: payer.locale as never,
    network: documentNetwork(network),
    seller: documentSeller(network),
    payerName: payer.companyName ?? payer.name,
    payerEmail: payer.email,
    number: paymentNumber(payment.id),
    paidAt: payment.paidAt ?? payment.createdAt,
    methodName: `${name?.name ?? 'Payment'}${last4 ? ` •••• ${last4}` : ''}`,
    amount: payment.amount,
    fee: payment.fee,
    bonus: payment.bonus,
    credited: creditedOf(payment),
    currency: { code: payment.currency, sign: documentNetwork(network).currencySign },
  });
}
