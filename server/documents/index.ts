// The PDF documents of money (invoices, receipts, flat deal orders): pure functions from a document's data to PDF bytes.
export { renderInvoicePdf } from './renderInvoicePdf';
export { renderReceiptPdf } from './renderReceiptPdf';
export { renderOrderPdf } from './renderOrderPdf';
export { documentNetwork, documentSeller } from './networkParties';
export { documentFileName, type DocumentKind } from './documentFileName';
export { formatMoney } from './money';
export { formatDate, formatDateTime } from './dates';
export type * from './types';
