import type { FastifyInstance } from 'fastify';
import type { AdminInvoicePaid } from '../../../generated/types';
import { quote } from '../../../engine/money/quote';
import { objectIdParam } from '../../http/ownedObjects';
import { staffOnly } from '../../http/staffOnly';
import { HttpError } from '../../httpError';
import { messageAnswer, obj, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { mailContext } from '../../services/accountMails';
import { methodOf } from '../../settings/paymentMethods';
import { afterBalanceChange } from './billing';
import { invoiceJson } from './invoices';
import { paymentJson } from './payments';

/**
 * The operator's money calls, for support staff of the network: a bank transfer arrived, so its invoice is paid
 * (the deposit, priced by the bank-transfer method, enters the ledger once; a second call answers 409).
 */
export default async function financeAdminRoutes(app: FastifyInstance) {
  const { platform } = app;
  const guard = staffOnly(app, 'Only support staff may mark invoices paid.');

  app.post<{ Params: { id: number }; Body: AdminInvoicePaid }>(
    '/admin/invoices/:id/paid',
    {
      onRequest: guard.onRequest,
      schema: {
        tags: ['finances'],
        summary: 'Support staff: the bank transfer of an invoice arrived (records the payment and its deposit)',
        security: [{ bearerAuth: [] }],
        params: objectIdParam,
        body: catalogSchema(platform.catalog, 'finances_admin_invoice_paid'),
        response: {
          200: wrapped(obj({ invoice: catalogSchema(platform.catalog, 'finances_invoice_answer'), payment: catalogSchema(platform.catalog, 'finances_payment_answer') }), 'Paid'),
          401: unauthenticated,
          403: messageAnswer('Not support staff of this network'),
          404: messageAnswer('Invoice not found.'),
          409: messageAnswer('Only an unpaid invoice can be marked paid.'),
        },
      },
    },
    async (request) => {
      const invoice = await app.finances.invoices.findInNetwork(request.network.id, request.params.id);
      if (!invoice) throw new HttpError(404, 'Invoice not found.');
      const method = methodOf(request.network, invoice.paymentMethodId);
      const priced = quote(invoice.amount, { feePercent: method?.feePercent ?? '0', bonuses: method?.bonuses ?? [] });
      const done = await app.finances.invoices.markPaid(invoice, priced, method?.type ?? 'wire_transfer', (request.body as { reference?: string } | undefined)?.reference?.trim() || null);
      if (!done) throw new HttpError(409, 'Only an unpaid invoice can be marked paid.');
      await afterBalanceChange(app, invoice.userId, request.network.id);
      const owner = await platform.users.findById(request.network.id, invoice.userId);
      if (owner) await platform.notifications.create(owner, 'invoice_paid', { entityId: invoice.id, mail: mailContext(platform.networks, request.network) });
      return { data: { invoice: invoiceJson(done.invoice), payment: paymentJson(done.payment) } };
    },
  );
}
