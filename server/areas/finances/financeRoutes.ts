import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FinanceStatisticsQuery, FinancesInvoice, FinancesPaymentSubscription, InvoicesQuery, TransactionsQuery } from '../../../generated/types';
import { formatDecimal, parseDecimal } from '../../../engine/format/decimal';
import type { NetworkConfig } from '../../config/networkConfig';
import { pageRequest } from '../../db/listing';
import { objectIdParam } from '../../http/ownedObjects';
import { fieldError, HttpError } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { deletedAnswer, fieldErrorsAnswer, messageAnswer, pageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { methodOf, methodsOf, type PaymentMethodConfig } from '../../settings/paymentMethods';
import { checkBounds } from './checkPayment';
import { documentFileName } from '../../documents';
import { pdfAnswer, sendPdf } from '../../http/pdfAnswer';
import { invoicePdf, receiptPdf } from './documentsOf';
import { buyerOf, invoiceJson, type InvoiceRecord } from './invoices';
import { daysBetween, financeStatistics, financeSummary } from './reports';
import { subscriptionJson } from './subscriptions';
import { transactionsPage } from './transactions';

const security = [{ bearerAuth: [] }];
const tags = ['finances'];
// Both in src/locales/*/server.json (the scan of tests/data/serverTexts.test.ts reads literals, not constants).
const INVOICE_NOT_FOUND = 'Invoice not found.';
const INVOICE_LOCKED = 'Only an unpaid invoice can be changed or deleted.';
const MAX_RANGE_DAYS = 366;

/** The bank-transfer method a network takes invoices with, if any. */
export const invoiceMethodOf = (network: NetworkConfig): PaymentMethodConfig | undefined => methodsOf(network).find((m) => m.gateway === 'invoice');

/**
 * The finances screen's calls: the summary and statistics read from the ledger, receipts, invoices (create, change
 * and delete while unpaid, the PDF, the unpaid total) and the automatic top-up.
 */
export default async function financeRoutes(app: FastifyInstance) {
  const { platform } = app;
  const guarded = { onRequest: app.authenticate };
  const invoiceSchema = catalogSchema(platform.catalog, 'finances_invoice_answer');
  const currencyOf = (network: NetworkConfig) => network.settings.payments?.currency ?? 'USD';

  app.get(
    '/finances/summary',
    { ...guarded, schema: { tags, summary: 'The balance, what campaigns hold of it, and how many days it lasts at the last 7 days’ spend', security, response: { 200: wrapped(catalogSchema(platform.catalog, 'finances_finance_summary_answer'), 'Summary'), 401: unauthenticated } } },
    async (request) => ({ data: await financeSummary(platform.db, request.auth!.userId, currencyOf(request.network)) }),
  );

  app.get<{ Querystring: TransactionsQuery }>(
    '/finances/transactions',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A page of the balance's ledger: every entry as written, campaign spend as one row per day (filter by kind; per_page 15/25/50/-1)",
        security,
        querystring: catalogSchema(platform.catalog, 'finances_transactions_query'),
        response: { 200: pageAnswer(catalogSchema(platform.catalog, 'finances_transaction_answer'), 'Matching transactions'), 401: unauthenticated },
      },
    },
    async (request) => {
      const { rows, filtered } = await transactionsPage(platform.db, request.auth!.userId, pageRequest(request.query, 'created_at'));
      return { data: rows, recordsFiltered: filtered };
    },
  );

  app.get<{ Querystring: FinanceStatisticsQuery }>(
    '/finances/statistics',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Money in (credit) and out (debit) of the balance per day, with totals',
        description: 'Errors under `end` when it is before `start` or the range is longer than 366 days.',
        security,
        querystring: catalogSchema(platform.catalog, 'finances_finance_statistics_query'),
        response: { 200: wrapped(catalogSchema(platform.catalog, 'finances_finance_statistics_answer'), 'Statistics'), 401: unauthenticated, 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const { start, end } = request.query;
      const days = daysBetween(start, end);
      if (days < 1) throw fieldError('end', phrase('The end date must not be before the start date.'));
      if (days > MAX_RANGE_DAYS) throw fieldError('end', phrase('Choose at most {days} days.', { days: MAX_RANGE_DAYS }));
      return { data: await financeStatistics(platform.db, request.auth!.userId, start, end) };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/payments/:id/receipt',
    { ...guarded, schema: { tags, summary: 'The receipt of a succeeded or refunded payment (PDF, in the user’s language)', security, params: objectIdParam, response: { 200: pdfAnswer, 401: unauthenticated, 404: messageAnswer('This payment has no receipt: only a completed payment has one.') } } },
    async (request, reply) => {
      const payment = await app.finances.payments.find(request.auth!.userId, request.params.id);
      if (!payment || (payment.status !== 'succeeded' && payment.status !== 'refunded')) throw new HttpError(404, 'This payment has no receipt: only a completed payment has one.');
      const payer = (await platform.users.findById(request.network.id, request.auth!.userId))!;
      return sendPdf(reply, await receiptPdf(request.network, payment, payer), documentFileName('receipt', `P-${payment.id}`));
    },
  );

  // Invoices ---------------------------------------------------------------------------------------------------

  const ownInvoice = async (request: FastifyRequest<{ Params: { id: number } }>): Promise<InvoiceRecord> => {
    const invoice = await app.finances.invoices.find(request.auth!.userId, request.params.id);
    if (!invoice) throw new HttpError(404, INVOICE_NOT_FOUND);
    return invoice;
  };
  const notUnpaid = () => new HttpError(409, INVOICE_LOCKED);

  /** The body's amount checked against the bank-transfer method, and the buyer taken from the profile. */
  const checkInvoice = async (request: FastifyRequest<{ Body: FinancesInvoice }>) => {
    const method = invoiceMethodOf(request.network);
    if (!method) throw fieldError('amount', phrase('This network does not take bank transfers.'));
    const user = (await platform.users.findById(request.network.id, request.auth!.userId))!;
    if (user.accountType !== 'company') throw fieldError('amount', phrase('Invoices are for company accounts: set the account type and company details in your profile.'));
    checkBounds(request.network, method, request.body.amount, 'amount');
    return { method, amount: formatDecimal(parseDecimal(request.body.amount), 2), buyer: buyerOf(user), note: request.body.note?.trim() || null };
  };

  app.get<{ Querystring: InvoicesQuery }>(
    '/invoices',
    {
      ...guarded,
      schema: { tags, summary: "A page of the user's invoices (search by number or id; filter by status)", security, querystring: catalogSchema(platform.catalog, 'finances_invoices_query'), response: { 200: pageAnswer(invoiceSchema, 'Matching invoices'), 401: unauthenticated } },
    },
    async (request) => {
      const { rows, filtered } = await app.finances.invoices.page(request.auth!.userId, pageRequest(request.query, 'created_at'));
      return { data: rows.map(invoiceJson), recordsFiltered: filtered };
    },
  );

  app.get(
    '/invoices/total-amount',
    { ...guarded, schema: { tags, summary: "What the user's unpaid invoices add up to", security, response: { 200: wrapped(catalogSchema(platform.catalog, 'finances_invoices_total_answer'), 'Total'), 401: unauthenticated } } },
    async (request) => {
      const { total, count } = await app.finances.invoices.unpaidTotal(request.auth!.userId);
      return { data: { total_amount: total, count, currency: currencyOf(request.network) } };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/invoices/:id',
    { ...guarded, schema: { tags, summary: 'One invoice of the user', security, params: objectIdParam, response: { 200: wrapped(invoiceSchema, 'The invoice'), 401: unauthenticated, 404: messageAnswer(INVOICE_NOT_FOUND) } } },
    async (request) => ({ data: invoiceJson(await ownInvoice(request)) }),
  );

  app.post<{ Body: FinancesInvoice }>(
    '/invoices',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Ask for an invoice to pay by bank transfer (company accounts)',
        description: 'The company details are copied from the profile. Errors under `amount` (no bank transfers on this network, not a company account, below the minimum or above the maximum).',
        security,
        body: catalogSchema(platform.catalog, 'finances_invoice'),
        response: { 201: wrapped(invoiceSchema, 'Issued'), 401: unauthenticated, 422: fieldErrorsAnswer },
      },
    },
    async (request, reply) => {
      const checked = await checkInvoice(request);
      const invoice = await app.finances.invoices.create({ userId: request.auth!.userId, paymentMethodId: checked.method.id, amount: checked.amount, currency: currencyOf(request.network), buyer: checked.buyer, note: checked.note });
      const user = await platform.users.findById(request.network.id, request.auth!.userId);
      if (user) await platform.notifications.create(user, 'invoice_created', { entityId: invoice.id });
      return reply.status(201).send({ data: invoiceJson(invoice) });
    },
  );

  app.put<{ Params: { id: number }; Body: FinancesInvoice }>(
    '/invoices/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Change an unpaid invoice (amount, note; the company details are taken from the profile again)',
        security,
        params: objectIdParam,
        body: catalogSchema(platform.catalog, 'finances_invoice'),
        response: { 200: wrapped(invoiceSchema, 'Saved'), 401: unauthenticated, 404: messageAnswer(INVOICE_NOT_FOUND), 409: messageAnswer(INVOICE_LOCKED), 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const invoice = await ownInvoice(request);
      if (invoice.status !== 'unpaid') throw notUnpaid();
      const checked = await checkInvoice(request);
      const saved = await app.finances.invoices.update(invoice.id, { amount: checked.amount, buyer: checked.buyer, note: checked.note });
      if (!saved) throw notUnpaid();
      return { data: invoiceJson(saved) };
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/invoices/:id',
    { ...guarded, schema: { tags, summary: 'Delete an unpaid invoice', security, params: objectIdParam, response: { 200: deletedAnswer, 401: unauthenticated, 404: messageAnswer(INVOICE_NOT_FOUND), 409: messageAnswer(INVOICE_LOCKED) } } },
    async (request) => {
      const invoice = await ownInvoice(request);
      if (invoice.status !== 'unpaid' || !(await app.finances.invoices.delete(invoice.id))) throw notUnpaid();
      return { data: { id: invoice.id } };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/invoices/:id/document',
    { ...guarded, schema: { tags, summary: 'The invoice as a PDF in the user’s language, with the network’s bank details', security, params: objectIdParam, response: { 200: pdfAnswer, 401: unauthenticated, 404: messageAnswer(INVOICE_NOT_FOUND) } } },
    async (request, reply) => {
      const invoice = await ownInvoice(request);
      const user = await platform.users.findById(request.network.id, request.auth!.userId);
      const json = invoiceJson(invoice);
      return sendPdf(reply, await invoicePdf(request.network, invoice, user?.locale ?? 'en'), documentFileName('invoice', json.number));
    },
  );

  // Automatic top-up -------------------------------------------------------------------------------------------

  const subscriptionSchema = catalogSchema(platform.catalog, 'finances_payment_subscription_answer');

  app.get(
    '/payment-subscriptions',
    { ...guarded, schema: { tags, summary: "The user's automatic top-up (null when none)", security, response: { 200: wrapped(subscriptionSchema, 'The automatic top-up'), 401: unauthenticated } } },
    async (request) => ({ data: subscriptionJson(await app.finances.subscriptions.find(request.auth!.userId)) }),
  );

  app.put<{ Body: FinancesPaymentSubscription }>(
    '/payment-subscriptions',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Set the automatic top-up: charge the kept card when the free balance falls below the threshold',
        description: 'Errors under `payment_method_id` (not a method that keeps cards, or no card kept from a payment with it yet) and `change_amount` (below the method’s minimum or above its maximum). Saving again clears a failed state.',
        security,
        body: catalogSchema(platform.catalog, 'finances_payment_subscription'),
        response: { 200: wrapped(subscriptionSchema, 'Saved'), 401: unauthenticated, 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const method = methodOf(request.network, request.body.payment_method_id);
      if (!method?.recurring || !app.finances.gateways.has(method.gateway)) throw fieldError('payment_method_id', phrase('Choose a payment method that can keep a card.'));
      const kept = await app.finances.subscriptions.keptCard(userId, method.id);
      if (!kept) throw fieldError('payment_method_id', phrase('Pay once with this method and tick “keep the card” first.'));
      checkBounds(request.network, method, request.body.change_amount, 'change_amount');
      const saved = await app.finances.subscriptions.save(userId, { paymentMethodId: method.id, changeAmount: formatDecimal(parseDecimal(request.body.change_amount), 2), threshold: formatDecimal(parseDecimal(request.body.threshold), 2), customerRef: kept.customerRef, cardLast4: kept.cardLast4 });
      return { data: subscriptionJson(saved) };
    },
  );

  app.delete(
    '/payment-subscriptions',
    { ...guarded, schema: { tags, summary: 'Turn the automatic top-up off (nothing happens when none is set)', security, response: { 200: wrapped(subscriptionSchema, 'Off: null'), 401: unauthenticated } } },
    async (request) => {
      await app.finances.subscriptions.remove(request.auth!.userId);
      return { data: null };
    },
  );
}
