import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { toFieldErrors } from '../../engine/validation/fieldErrors';
import { HttpError } from '../httpError';

/**
 * The one place errors become answers: schema failures are 422 `{ message, errors }`, other 4xx keep their
 * message, and anything else is logged with the request's context and answered with a generic message,
 * so no internals (SQL, stack, paths) ever reach a client.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return reply.status(422).send({ message: 'The given data was invalid.', errors: toFieldErrors(error.validation) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const extra = error instanceof HttpError ? error.body : {};
      return reply.status(status).send({ message: error.message, ...extra });
    }
    request.log.error(
      { err: error, method: request.method, url: request.url, requestId: request.id, userId: request.auth?.userId ?? null },
      'request failed',
    );
    return reply.status(status >= 500 && status < 600 ? status : 500).send({ message: 'Server error' });
  });
});
