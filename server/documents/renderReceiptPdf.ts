import { formatDateTime } from './dates';
import { drawAmountsTable, drawTotal } from './drawAmountsTable';
import { drawHeader } from './drawHeader';
import { drawParagraph } from './drawPanel';
import { drawParties, labelled, type PartyBlock } from './drawParties';
import { drawStamp, STAMP_COLORS } from './drawStamp';
import { documentLabels, type DocumentLabels } from './labels';
import { assertDecimal, formatMoney } from './money';
import { sellerBlock } from './renderInvoicePdf';
import { createSheet, PAGE } from './sheet';
import { cleanText } from './typeset';
import type { DocumentCurrency, ReceiptDocument } from './types';

/** The recipient: the network's company, or just the network's name when the receipt names no company. */
function recipientBlock(t: DocumentLabels, receipt: ReceiptDocument): PartyBlock {
  const heading = t('receipt.recipient');
  return receipt.seller ? sellerBlock(t, heading, receipt.seller) : { heading, name: receipt.network.name, lines: [] };
}

/** The payer, as the user typed their name. */
function payerBlock(t: DocumentLabels, receipt: ReceiptDocument): PartyBlock {
  return { heading: t('receipt.payer'), name: receipt.payerName, lines: labelled(t('party.email'), receipt.payerEmail) };
}

/** The receipt's currency: its own, or the network's. */
function currencyOf(receipt: ReceiptDocument): DocumentCurrency {
  return receipt.currency ?? { code: receipt.network.currencyCode, sign: receipt.network.currencySign };
}

/** @throws naming the field when an amount is not a decimal string */
function assertAmounts(receipt: ReceiptDocument): void {
  for (const field of ['amount', 'fee', 'bonus', 'credited'] as const) assertDecimal(receipt[field], field);
}

/**
 * A payment receipt as an A4 PDF in the receipt's language: the network's logo and colour, payment number
 * and time (UTC), recipient and payer, payment method, amount, fee, bonus and the sum credited to the
 * balance, a PAID stamp and a footer. The same receipt always renders the same bytes.
 * @throws when an amount is not a decimal string or the date is invalid
 */
export async function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  assertAmounts(receipt);
  const currency = currencyOf(receipt);
  const money = (amount: string) => formatMoney(amount, receipt.locale, currency);
  const number = cleanText(receipt.number);
  const t = documentLabels(receipt.locale);
  const title = `${t('receipt.title')} ${number}`;
  const { sheet, finish } = createSheet({ locale: receipt.locale, network: receipt.network, title, createdAt: receipt.paidAt });
  drawHeader(sheet, t('receipt.title'), [
    [t('receipt.number'), number],
    [t('receipt.paidAt'), `${formatDateTime(receipt.paidAt)} UTC`],
    [t('receipt.method'), cleanText(receipt.methodName)],
  ]);
  drawParties(sheet, recipientBlock(t, receipt), payerBlock(t, receipt));
  const rows = [
    { description: t('receipt.amount'), amount: money(receipt.amount) },
    { description: t('receipt.fee'), amount: money(receipt.fee) },
    { description: t('receipt.bonus'), amount: money(receipt.bonus) },
  ];
  drawAmountsTable(sheet, { description: t('invoice.description'), amount: t('invoice.amount'), numbered: false }, rows);
  const totalTop = drawTotal(sheet, t('receipt.credited'), money(receipt.credited));
  drawStamp(sheet, t('status.paid'), STAMP_COLORS.paid, PAGE.left + 115, totalTop + 20);
  drawParagraph(sheet, null, t('receipt.thanks'), 2);
  return finish();
}
