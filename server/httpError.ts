import type { FastifyReply } from 'fastify';
import type { Phrase } from './i18n/phrase';

/** An error that answers with its status and message (4xx pass through the central error handler as they are). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields of the answer body, e.g. `errors` for 422. */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 422 with one field's message (translated by the error handler), in the `{ errors: { field: [message] } }` shape. */
export function fieldError(field: string, message: string | Phrase): HttpError {
  return new HttpError(422, 'The given data was invalid.', { errors: { [field]: [message] } });
}

/** A 429 with `Retry-After` (whole seconds, at least 1) set on the reply. */
export function retryLater(reply: FastifyReply, seconds: number, message: string): HttpError {
  reply.header('Retry-After', String(Math.max(1, Math.ceil(seconds))));
  return new HttpError(429, message);
}
