import type { ErrorObject } from 'ajv';
import type { FastifyReply } from 'fastify';
import type { Phrase } from './i18n/phrase';

/** An error that answers with its status and message (4xx pass through the central error handler as they are). */
export class HttpError extends Error {
  /** The message with its values, when it has any (the error handler translates it with them). */
  readonly phrase: Phrase | null;

  constructor(
    readonly statusCode: number,
    message: string | Phrase,
    /** Extra fields of the answer body, e.g. `errors` for 422. */
    readonly body: Record<string, unknown> = {},
  ) {
    super(String(message));
    this.name = 'HttpError';
    this.phrase = typeof message === 'string' ? null : message;
  }
}

/** A 422 with one field's message (translated by the error handler), in the `{ errors: { field: [message] } }` shape. */
export function fieldError(field: string, message: string | Phrase): HttpError {
  return new HttpError(422, 'The given data was invalid.', { errors: { [field]: [message] } });
}

/** Field errors of English texts or phrases: the error handler translates them into the reader's language. */
export type FieldErrors = Record<string, (string | Phrase)[]>;

/** A 422 `{ message, errors }` with several fields' messages (translated by the error handler). */
export function invalidData(errors: FieldErrors): HttpError {
  return new HttpError(422, 'The given data was invalid.', { errors });
}

/**
 * A 422 from a schema check the code ran itself (a body whose schema depends on its content, such as an ad's
 * format): the error handler answers it exactly as Fastify's own validation failures, in the reader's language.
 */
export function schemaFailure(errors: ErrorObject[] | null | undefined): Error & { statusCode: 422; validation: ErrorObject[] } {
  return Object.assign(new Error('The given data was invalid.'), { statusCode: 422 as const, validation: errors ?? [] });
}

/** A 429 with `Retry-After` (whole seconds, at least 1) set on the reply. */
export function retryLater(reply: FastifyReply, seconds: number, message: string): HttpError {
  reply.header('Retry-After', String(Math.max(1, Math.ceil(seconds))));
  return new HttpError(429, message);
}
