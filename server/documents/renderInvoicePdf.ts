import { formatDate } from './dates';
import { drawAmountsTable, drawTotal } from './drawAmountsTable';
import { drawHeader } from './drawHeader';
import { drawPanel, drawParagraph, type PanelRow } from './drawPanel';
import { drawParties, labelled, type PartyBlock } from './drawParties';
import { drawStamp, STAMP_COLORS } from './drawStamp';
import { assertDecimal, formatMoney } from './money';
import { createSheet, PAGE, type Sheet } from './sheet';
import { cleanText } from './typeset';
import { documentLabels, type DocumentLabels } from './labels';
import type { BankDetails, InvoiceDocument, SellerParty } from './types';

/** The network's company as the invoice's issuer. */
export function sellerBlock(t: DocumentLabels, heading: string, seller: SellerParty): PartyBlock {
  return { heading, name: seller.name, lines: [...seller.addressLines, ...labelled(t('party.vatId'), seller.vatId)] };
}

/** The advertiser's company: every line of it typed by a user. */
function buyerBlock(t: DocumentLabels, invoice: InvoiceDocument): PartyBlock {
  const { buyer } = invoice;
  const lines = [buyer.address ?? '', ...labelled(t('party.site'), buyer.site), ...labelled(t('party.vatId'), buyer.vatId), ...labelled(t('party.email'), buyer.email)];
  return { heading: t('invoice.buyer'), name: buyer.companyName, lines: lines.filter((line) => cleanText(line) !== '') };
}

/** What the payer writes in the transfer: the operator's template with the number, or the number alone. */
function paymentReference(bank: BankDetails, number: string): string {
  return bank.reference ? bank.reference.replaceAll('{number}', number) : number;
}

/** The bank details panel of an invoice. */
function bankRows(t: DocumentLabels, invoice: InvoiceDocument, bank: BankDetails): PanelRow[] {
  return [
    { fact: [t('invoice.beneficiary'), invoice.seller.name] },
    { fact: [t('invoice.bank'), bank.bankName] },
    { fact: [t('invoice.account'), bank.account] },
    { fact: [t('invoice.swift'), bank.swift ?? ''] },
    { fact: [t('invoice.reference'), paymentReference(bank, invoice.number)], strong: true },
  ];
}

/** The stamp beside the total, for a paid or cancelled invoice. */
function stampStatus(sheet: Sheet, invoice: InvoiceDocument, totalTop: number): void {
  if (invoice.status === 'unpaid') return;
  drawStamp(sheet, sheet.t(`status.${invoice.status}`), STAMP_COLORS[invoice.status], PAGE.left + 115, totalTop + 20);
}

/** @throws naming the field when an amount is not a decimal string */
function assertAmounts(invoice: InvoiceDocument): void {
  invoice.lines.forEach((line, i) => assertDecimal(line.amount, `line ${i + 1} amount`));
  assertDecimal(invoice.total, 'total');
}

/**
 * An invoice as an A4 PDF in the invoice's language: the network's logo and colour, number and dates,
 * issuer and customer, the lines and total, a PAID or CANCELLED stamp, the bank details with the payment
 * reference, the note, and a footer on every page. Texts typed by users are set as plain text and cut to
 * a few lines when too long. The same invoice always renders the same bytes.
 * @throws when an amount is not a decimal string or a date is invalid
 */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  assertAmounts(invoice);
  const currency = { code: invoice.network.currencyCode, sign: invoice.network.currencySign };
  const money = (amount: string) => formatMoney(amount, invoice.locale, currency);
  const number = cleanText(invoice.number);
  const t = documentLabels(invoice.locale);
  const title = `${t('invoice.title')} ${number}`;
  const { sheet, finish } = createSheet({ locale: invoice.locale, network: invoice.network, title, createdAt: invoice.issuedAt });
  drawHeader(sheet, t('invoice.title'), [
    [t('invoice.number'), number],
    [t('invoice.issuedAt'), formatDate(invoice.issuedAt)],
    [t('invoice.dueAt'), formatDate(invoice.dueAt)],
  ]);
  drawParties(sheet, sellerBlock(t, t('invoice.seller'), invoice.seller), buyerBlock(t, invoice));
  const rows = invoice.lines.map((line) => ({ description: line.description, amount: money(line.amount) }));
  drawAmountsTable(sheet, { description: t('invoice.description'), amount: t('invoice.amount'), numbered: true }, rows);
  stampStatus(sheet, invoice, drawTotal(sheet, t('invoice.total'), money(invoice.total)));
  if (invoice.status === 'unpaid') drawParagraph(sheet, null, t('invoice.payBy', { date: formatDate(invoice.dueAt) }), 3);
  if (invoice.seller.bank) drawPanel(sheet, t('invoice.paymentDetails'), bankRows(t, invoice, invoice.seller.bank));
  if (invoice.note) drawParagraph(sheet, t('invoice.note'), invoice.note);
  return finish();
}
