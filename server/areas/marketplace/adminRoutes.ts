import type { FastifyInstance } from 'fastify';
import type { AdminFlatDealDecision } from '../../../generated/types';
import { objectIdParam } from '../../http/ownedObjects';
import { staffOnly } from '../../http/staffOnly';
import { fieldError, HttpError } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { messageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { mailContext } from '../../services/accountMails';
import { afterBalanceChange } from '../finances/public';
import { applicationJson } from './answers';
import { approve, reject, type Decision } from './money';

/**
 * The operator's marketplace calls, for support staff of the network: approve an application (its price is held
 * from the advertiser's free balance; 409 when that does not cover it) or reject it with a reason. The advertiser is
 * notified either way.
 */
export default async function marketplaceAdminRoutes(app: FastifyInstance) {
  const { platform, marketplace } = app;
  const guard = staffOnly(app, 'Only support staff may decide flat deal applications.');
  const applicationSchema = catalogSchema(platform.catalog, 'marketplace_flat_deal_application_answer');

  const decide = (verb: 'approve' | 'reject', summary: string, run: (id: number, staffId: number, note: string | null) => Promise<Decision>) =>
    app.post<{ Params: { id: number }; Body: AdminFlatDealDecision }>(
      `/admin/flat-deal-applications/:id/${verb}`,
      {
        onRequest: guard.onRequest,
        schema: {
          tags: ['marketplace'],
          summary,
          security: [{ bearerAuth: [] }],
          params: objectIdParam,
          body: catalogSchema(platform.catalog, 'marketplace_admin_flat_deal_decision'),
          response: {
            200: wrapped(applicationSchema, 'Decided'),
            401: unauthenticated,
            403: messageAnswer('Not support staff of this network'),
            404: messageAnswer('Flat deal application not found.'),
            409: messageAnswer('Only a pending application can be decided, and only when the free balance covers its price.'),
          },
        },
      },
      async (request) => {
        const found = await marketplace.repository.applicationInNetwork(request.network.id, request.params.id);
        if (!found) throw new HttpError(404, 'Flat deal application not found.');
        const note = request.body?.note?.trim() || null;
        const decision = await run(found.id, guard.staffOf(request).id, note);
        if ('refused' in decision) {
          if (decision.refused === 'funds') throw new HttpError(409, phrase('The free balance ({free}) does not cover the price ({price}).', { free: decision.free, price: found.price }));
          throw new HttpError(409, 'Only a pending application can be decided.');
        }
        const owner = await platform.users.findById(request.network.id, found.userId);
        if (verb === 'approve') await afterBalanceChange(app, found.userId, request.network.id);
        if (owner) {
          await platform.notifications.create(owner, verb === 'approve' ? 'flat_deal_approved' : 'flat_deal_rejected', {
            entityId: found.id,
            params: { deal: found.deal.name, price: found.price, currency: found.currency },
            mail: mailContext(platform.networks, request.network),
          });
        }
        return { data: applicationJson((await marketplace.repository.application(found.userId, found.id))!) };
      },
    );

  decide('approve', 'Support staff: approve a pending application (holds its price from the free balance; the deal runs over its period)', (id, staffId, note) => approve(platform.db, id, staffId, note));
  decide('reject', 'Support staff: reject a pending application with the reason the advertiser reads (`note` required)', (id, staffId, note) => {
    if (!note) throw fieldError('note', 'Say why the application is rejected.');
    return reject(platform.db, id, staffId, note);
  });
}
