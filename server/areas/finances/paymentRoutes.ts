import type { FastifyInstance } from 'fastify';
import type { FinancesPayment, PaymentsQuery } from '../../../generated/types';
import { pageRequest } from '../../db/listing';
import { objectIdParam } from '../../http/ownedObjects';
import { fieldError, HttpError } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { fieldErrorsAnswer, messageAnswer, pageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { checkPayment } from './checkPayment';
import { WebhookRejected, type GatewayEvent } from './gateways/gateway';
import { afterPaymentEvent } from './paymentEvents';
import { paymentJson, paymentNumber, type PaymentRecord } from './payments';

const security = [{ bearerAuth: [] }];
const tags = ['finances'];
const notFound = messageAnswer('Payment not found.');
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The same request again: method, amount and card choice equal (a key reused for another payment is refused). */
const sameRequest = (p: PaymentRecord, input: FinancesPayment, amount: string) =>
  p.paymentMethodId === input.payment_method_id && p.amount === amount && Boolean((p.metadata as { save_card?: boolean }).save_card) === (input.save_card ?? false);

/**
 * Adding funds: `POST payments` starts a top-up with a gateway (`Idempotency-Key`: a retry answers the same
 * payment), `GET payments/{id}` tells the success and error screens where it stands, `GET finances/payments` lists
 * them, and `POST payments/webhooks/{gateway}` is where gateways report, verified by their signature.
 */
export default async function paymentRoutes(app: FastifyInstance) {
  const { platform } = app;
  const guarded = { onRequest: app.authenticate };
  const paymentSchema = catalogSchema(platform.catalog, 'finances_payment_answer');

  app.get<{ Querystring: PaymentsQuery }>(
    '/finances/payments',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A page of the user's payments (search by number or id; filter by status; per_page 15/25/50/-1)",
        security,
        querystring: catalogSchema(platform.catalog, 'finances_payments_query'),
        response: { 200: pageAnswer(paymentSchema, 'Matching payments'), 401: unauthenticated },
      },
    },
    async (request) => {
      const { rows, filtered } = await app.finances.payments.page(request.auth!.userId, pageRequest(request.query, 'created_at'));
      return { data: rows.map(paymentJson), recordsFiltered: filtered };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/payments/:id',
    { ...guarded, schema: { tags, summary: 'One payment of the user, with its status', security, params: objectIdParam, response: { 200: wrapped(paymentSchema, 'The payment'), 401: unauthenticated, 404: notFound } } },
    async (request) => {
      const payment = await app.finances.payments.find(request.auth!.userId, request.params.id);
      if (!payment) throw new HttpError(404, 'Payment not found.');
      return { data: paymentJson(payment) };
    },
  );

  app.post<{ Body: FinancesPayment; Headers: { 'idempotency-key'?: string } }>(
    '/payments',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Add funds: start a payment with one of the network’s methods',
        description:
          'Answers the payment with `form_params`: submit a form with `fields` to `action` by `method` to reach the gateway. The balance changes only when the gateway reports success. Send an `Idempotency-Key` header (8–100 letters, digits, - or _): a repeat with the same key answers the same payment (200). Errors under `payment_method_id` (not offered, paid by invoice, unavailable, card not verified), `amount` (below the minimum or above the maximum of the method) and `save_card`.',
        security,
        headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', pattern: IDEMPOTENCY_KEY.source } } },
        body: catalogSchema(platform.catalog, 'finances_payment'),
        response: { 200: wrapped(paymentSchema, 'The payment this Idempotency-Key made before'), 201: wrapped(paymentSchema, 'Started'), 401: unauthenticated, 422: fieldErrorsAnswer },
      },
    },
    async (request, reply) => {
      const userId = request.auth!.userId;
      const key = request.headers['idempotency-key'] ?? null;
      const checked = await checkPayment(app, request.network, userId, request.body);
      if (key) {
        const before = await app.finances.payments.byIdempotencyKey(userId, key);
        if (before) return reply.status(200).send({ data: paymentJson(await replay(before, request.body, checked.quote.amount)) });
      }
      const user = await platform.users.findById(request.network.id, userId);
      const created = await app.finances.payments.create({
        userId,
        paymentMethodId: checked.method.id,
        methodType: checked.method.type,
        gateway: checked.method.gateway,
        amount: checked.quote.amount,
        fee: checked.quote.fee,
        bonus: checked.quote.bonus,
        currency: request.network.settings.payments?.currency ?? 'USD',
        idempotencyKey: key,
        saveCard: checked.saveCard,
      });
      // The same key raced in from a second request: answer the payment it made.
      if (!created) return reply.status(200).send({ data: paymentJson(await replay((await app.finances.payments.byIdempotencyKey(userId, key!))!, request.body, checked.quote.amount)) });
      const origin = platform.networks.publicOrigin(request.network);
      try {
        const checkout = await app.finances.gateways.get(checked.method.gateway)!.createCheckout({
          paymentId: created.id,
          number: paymentNumber(created.id),
          amount: created.amount,
          currency: created.currency,
          description: `${request.network.name}: ${paymentNumber(created.id)}`,
          email: user?.email ?? '',
          locale: user?.locale ?? 'en',
          successUrl: `${origin}/add-funds/success?payment=${created.id}`,
          errorUrl: `${origin}/add-funds/error?payment=${created.id}`,
          saveForRecurring: checked.saveCard,
        });
        return reply.status(201).send({ data: paymentJson(await app.finances.payments.setCheckout(created.id, checkout.ref, checkout.form)) });
      } catch (e) {
        request.log.error(e, 'the gateway could not open a checkout');
        await app.finances.payments.fail(created.id, 'The payment service did not answer. Try again in a few minutes.');
        throw new HttpError(502, 'The payment service did not answer. Try again in a few minutes.');
      }
    },
  );

  /** A repeat of a create call: the payment its key made, unless the key now comes with another request. */
  async function replay(before: PaymentRecord, input: FinancesPayment, amount: string): Promise<PaymentRecord> {
    if (!sameRequest(before, input, amount)) throw fieldError('idempotency_key', phrase('This Idempotency-Key was used for another payment.'));
    return before;
  }

  await app.register(async (hooks) => {
    // Signatures are over the exact bytes the gateway sent: keep the body raw.
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    hooks.post<{ Params: { gateway: string } }>(
      '/payments/webhooks/:gateway',
      {
        schema: {
          tags,
          summary: 'Where a payment gateway reports payments (signed; no token)',
          description: 'The sandbox signs with `Sandbox-Signature`, Stripe with `Stripe-Signature`. Each event is applied once by its id: a repeated delivery answers 200 and changes nothing.',
          params: { type: 'object', required: ['gateway'], properties: { gateway: { type: 'string', enum: ['sandbox', 'stripe'] } } },
          response: { 200: wrapped(catalogSchema(platform.catalog, 'finances_webhook_receipt_answer'), 'Received'), 400: messageAnswer('The webhook is not signed by the payment gateway.'), 404: messageAnswer('Unknown payment gateway.') },
        },
      },
      async (request) => {
        const gateway = app.finances.gateways.get(request.params.gateway);
        if (!gateway) throw new HttpError(404, 'Unknown payment gateway.');
        let event: GatewayEvent | null;
        try {
          event = gateway.verifyWebhook(request.body as Buffer, request.headers);
        } catch (e) {
          if (e instanceof WebhookRejected) throw new HttpError(400, 'The webhook is not signed by the payment gateway.');
          throw e;
        }
        if (!event) return { data: { received: true, duplicate: false } };
        const outcome = await app.finances.payments.applyEvent(gateway.id, event);
        await afterPaymentEvent(app, outcome);
        return { data: { received: true, duplicate: !outcome.applied } };
      },
    );
  });
}
