import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { toFieldErrors } from '../../engine/validation/fieldErrors';
import { HttpError } from '../httpError';
import { Phrase } from '../i18n/phrase';
import { requestLocale, type ServerTexts } from '../i18n/serverTexts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Answer this route's field errors under other keys (see `groupErrorKeys`), for a call whose contract names its
     * errors apart from its body's fields: `{ ad_formats: 'adFormats' }`. Applies to the schema's errors and to
     * the route's own (`fieldError`, `invalidData`) alike; the route's 422 description should say so.
     */
    errorKeys?: Readonly<Record<string, string>>;
  }
}

/**
 * Field errors under the keys a route names: the errors of a field and of everything inside it (`ad_formats`,
 * `ad_formats.0`) are grouped under its key (`adFormats`), each message once; keys the route does not name stay.
 */
export function groupErrorKeys<M>(errors: Record<string, M[]>, keys: Readonly<Record<string, string>>): Record<string, M[]> {
  // A Map, not `{}`: a field named `constructor` or `__proto__` must not find Object.prototype's member.
  const out = new Map<string, M[]>();
  for (const [field, messages] of Object.entries(errors)) {
    const head = field.split('.')[0];
    const key = Object.hasOwn(keys, head) ? keys[head] : field;
    const list = out.get(key) ?? [];
    out.set(key, list);
    for (const message of messages) if (!list.includes(message)) list.push(message);
  }
  return Object.fromEntries(out);
}

/** A 4xx body with its messages (`message`, every `errors` entry) in the reader's language. */
function translated(body: Record<string, unknown>, text: (english: string | Phrase) => string): Record<string, unknown> {
  const out = { ...body };
  if (typeof out.message === 'string' || out.message instanceof Phrase) out.message = text(out.message);
  if (out.errors && typeof out.errors === 'object') {
    out.errors = Object.fromEntries(
      Object.entries(out.errors as Record<string, unknown>).map(([field, list]) => [
        field,
        Array.isArray(list) ? list.map((m) => (typeof m === 'string' || m instanceof Phrase ? text(m) : m)) : list,
      ]),
    );
  }
  return out;
}

/**
 * The one place errors become answers: schema failures are 422 `{ message, errors }`, other 4xx keep their
 * message, and anything else is logged with the request's context and answered with a generic message,
 * so no internals (SQL, stack, paths) ever reach a client. Messages are in the request's language
 * (`requestLocale`): schema errors from the validation catalogue, the server's own from src/locales/<locale>/server.json.
 */
export const errorHandler = fp(async (app: FastifyInstance, { texts }: { texts: ServerTexts }) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    try {
      return answer(error, request, reply);
    } catch (failure) {
      // Fastify's fallback handler would send this failure's own message (internals) to the client.
      request.log.error({ err: failure, cause: error, method: request.method, url: request.url, requestId: request.id }, 'the error handler failed');
      return reply.status(500).send({ message: 'Server error' });
    }
  });

  function answer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    const locale = requestLocale(request);
    const text = (english: string | Phrase) => texts.message(locale, english);
    const errorKeys = request.routeOptions.config?.errorKeys;
    if (error.validation) {
      const errors = toFieldErrors(error.validation, texts.validation(locale));
      return reply.status(422).send({ message: text('The given data was invalid.'), errors: errorKeys ? groupErrorKeys(errors, errorKeys) : errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const extra = error instanceof HttpError ? error.body : {};
      const body = translated({ message: (error instanceof HttpError && error.phrase) || error.message, ...extra }, text);
      if (errorKeys && body.errors && typeof body.errors === 'object') body.errors = groupErrorKeys(body.errors as Record<string, unknown[]>, errorKeys);
      return reply.status(status).send(body);
    }
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' && reply.raw.destroyed) {
      // The caller hung up while its answer was being compressed (the panel cancels a superseded call): nothing failed,
      // and nobody is left to read an answer. 499, nginx's "client closed request", is for the log.
      request.log.info({ method: request.method, url: request.url, requestId: request.id }, 'the client closed the connection before the answer');
      return reply.status(499).send();
    }
    request.log.error(
      { err: error, method: request.method, url: request.url, requestId: request.id, userId: request.auth?.userId ?? null },
      'request failed',
    );
    return reply.status(status >= 500 && status < 600 ? status : 500).send({ message: text('Server error') });
  }
});
