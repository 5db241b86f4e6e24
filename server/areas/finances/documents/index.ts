// The money area's PDF documents: pure functions from a document's data to PDF bytes.
export { renderInvoicePdf } from './renderInvoicePdf';
export { renderReceiptPdf } from './renderReceiptPdf';
export { documentFileName, type DocumentKind } from './documentFileName';
export { formatMoney } from './money';
export { formatDate, formatDateTime } from './dates';
export type * from './types';
