import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../httpError';
import { fieldErrorsAnswer, messageAnswer, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import type { UserRow } from '../../repositories/usersRepository';
import type { MailChoices } from '../../../generated/types';

interface Choices {
  notifications_about_ad_actions: boolean;
  notifications_about_campaign_actions: boolean;
}
type SignedRequest = FastifyRequest<{ Params: { email: string }; Querystring: { signature: string } }>;

const params = { type: 'object', required: ['email'], properties: { email: { type: 'string', minLength: 3, maxLength: 254 } } };
const answer = (user: UserRow): { data: MailChoices } => ({
  data: { email: user.email, notifications_about_ad_actions: user.adActionsNotifications, notifications_about_campaign_actions: user.campaignActionsNotifications },
});

/** `GET/POST unsubscribe/{email}?signature=...`: no token; the HMAC signature of the mailed link is the proof. */
export default async function unsubscribeRoutes(app: FastifyInstance) {
  const { platform } = app;
  const signedUser = async (request: SignedRequest): Promise<UserRow> => {
    const email = request.params.email.trim().toLowerCase();
    if (!platform.unsubscribe.verify(request.network.id, email, request.query.signature)) throw new HttpError(403, 'This unsubscribe link is not valid.');
    const user = await platform.users.findByEmail(request.network.id, email);
    if (!user) throw new HttpError(404, 'There is no account with this e-mail address any more.');
    return user;
  };
  const query = catalogSchema(platform.catalog, 'notifications_signature_query');
  const choicesAnswer = wrapped(catalogSchema(platform.catalog, 'notifications_mail_choices_answer'), 'The mail choices of the address');
  const errors = { 403: messageAnswer('Bad signature'), 404: messageAnswer('No such account') };

  app.get<{ Params: { email: string }; Querystring: { signature: string } }>(
    '/unsubscribe/:email',
    { schema: { tags: ['notifications'], summary: 'Which notification mails a signed address gets', params, querystring: query, response: { 200: choicesAnswer, ...errors } } },
    async (request) => answer(await signedUser(request)),
  );

  app.post<{ Params: { email: string }; Querystring: { signature: string }; Body: Choices }>(
    '/unsubscribe/:email',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Save which notification mails a signed address gets',
        params,
        querystring: query,
        body: catalogSchema(platform.catalog, 'notifications_unsubscribe'),
        response: { 200: choicesAnswer, 422: fieldErrorsAnswer, ...errors },
      },
    },
    async (request) => {
      const user = await signedUser(request);
      const updated = await platform.users.update(user.id, {
        adActionsNotifications: request.body.notifications_about_ad_actions,
        campaignActionsNotifications: request.body.notifications_about_campaign_actions,
      });
      return answer(updated);
    },
  );
}
