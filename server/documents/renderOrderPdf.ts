import { formatDate } from './dates';
import { drawAmountsTable, drawTotal } from './drawAmountsTable';
import { drawHeader } from './drawHeader';
import { drawPanel, drawParagraph } from './drawPanel';
import { drawParties, labelled, type PartyBlock } from './drawParties';
import { drawStamp, STAMP_COLORS } from './drawStamp';
import { documentLabels, type DocumentLabels } from './labels';
import { assertDecimal, formatMoney, intlLocale } from './money';
import { sellerBlock } from './renderInvoicePdf';
import { createSheet, PAGE } from './sheet';
import { cleanText } from './typeset';
import type { OrderDocument } from './types';

/** The advertiser who ordered. */
function buyerBlock(t: DocumentLabels, order: OrderDocument): PartyBlock {
  const { buyer } = order;
  const lines = [buyer.address ?? '', ...labelled(t('party.vatId'), buyer.vatId), ...labelled(t('party.email'), buyer.email)];
  return { heading: t('order.buyer'), name: buyer.companyName, lines: lines.filter((line) => cleanText(line) !== '') };
}

/**
 * A flat deal order confirmation as an A4 PDF in the order's language: the network's logo and colour, order number,
 * date and status, the network's company and the advertiser, the deal with its price, the package (size, period,
 * creative format), what happens next, an APPROVED, REJECTED or CANCELLED stamp, and the notes. Texts typed by users
 * are set as plain text. The same order always renders the same bytes.
 * @throws when the price is not a decimal string or a date is invalid
 */
export async function renderOrderPdf(order: OrderDocument): Promise<Buffer> {
  assertDecimal(order.price, 'price');
  const money = (amount: string) => formatMoney(amount, order.locale, { code: order.network.currencyCode, sign: order.network.currencySign });
  const number = cleanText(order.number);
  const t = documentLabels(order.locale);
  const { sheet, finish } = createSheet({ locale: order.locale, network: order.network, title: `${t('order.title')} ${number}`, createdAt: order.orderedAt });
  drawHeader(sheet, t('order.title'), [
    [t('order.number'), number],
    [t('order.orderedAt'), formatDate(order.orderedAt)],
    [t('order.status'), t(`order.state.${order.status}`)],
  ]);
  drawParties(sheet, sellerBlock(t, t('order.seller'), order.seller), buyerBlock(t, order));
  const description = `${t('order.flatDeal')}: ${order.deal} (${order.adFormat})`;
  drawAmountsTable(sheet, { description: t('invoice.description'), amount: t('invoice.amount'), numbered: true }, [{ description, amount: money(order.price) }]);
  const totalTop = drawTotal(sheet, t('invoice.total'), money(order.price));
  if (order.status !== 'pending') drawStamp(sheet, t(`status.${order.status}`), STAMP_COLORS[order.status], PAGE.left + 115, totalTop + 20);
  drawPanel(sheet, t('order.package'), [
    { fact: [t('order.deal'), order.deal] },
    { fact: [t('order.size'), t(`order.unit.${order.limitType}`, { count: new Intl.NumberFormat(intlLocale(order.locale)).format(order.limitValue) })], strong: true },
    { fact: [t('order.period'), `${formatDate(order.startsOn)} – ${formatDate(order.endsOn)}`] },
    { fact: [t('order.creativeFormat'), order.creativeFormat ?? '—'] },
  ]);
  drawParagraph(sheet, null, t(`order.next.${order.status}`), 4);
  if (order.note) drawParagraph(sheet, t('order.note'), order.note);
  if (order.decisionNote) drawParagraph(sheet, t('order.decisionNote'), order.decisionNote);
  return finish();
}
