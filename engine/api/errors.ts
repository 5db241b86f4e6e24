import axios from 'axios';
import type { FieldErrors } from '../validation/fieldErrors';

/** The message every server validation failure carries, as the product specifies it. */
export const VALIDATION_MESSAGE = 'Sended data is invalid';

/** The toast text used when an error answer names no message of its own. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';

/** A server answer with an `errors` map: field path → messages, handed to the form that sent the data. */
export class ValidationError extends Error {
  override name = 'ValidationError';

  constructor(
    /** Field path → the server's messages for it. */
    readonly errors: FieldErrors,
    /** The HTTP status of the answer (422 as a rule). */
    readonly status?: number,
    /** The whole answer body, for flags that travel beside the errors (e.g. `code_expired`). */
    readonly body?: unknown,
  ) {
    super(VALIDATION_MESSAGE);
  }

  /** The first message of a field, which is what a form shows under it. */
  first(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

/** Any other failed call: the server's answer, its status and the message the user was shown. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    message: string,
    /** HTTP status, or undefined when no answer arrived (network failure, timeout). */
    readonly status: number | undefined,
    /** The parsed answer body, when there was one. */
    readonly body: unknown,
    /** The underlying transport error. */
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/**
 * Whether an error is a cancelled request (an aborted signal), which callers ignore rather than show.
 * @example
 * try { await api.get('home', { signal }); } catch (e) { if (isCancel(e)) return; throw e; }
 */
export function isCancel(error: unknown): boolean {
  if (axios.isCancel(error)) return true;
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'CanceledError');
}

const text = (value: unknown): string | undefined => {
  if (typeof value === 'string' && value.trim()) return value;
  if (value && typeof value === 'object' && 'message' in value) return text((value as { message: unknown }).message);
  return undefined;
};

/**
 * The message to show for an error answer: the notice message, else the error message, else the message,
 * else `generic` (in the interface language when the client was given its words).
 */
export function errorAnswerMessage(body: unknown, generic = GENERIC_ERROR_MESSAGE): string {
  if (!body || typeof body !== 'object') return generic;
  const b = body as Record<string, unknown>;
  return text(b.notice) ?? text(b.error) ?? text(b.message) ?? generic;
}

/** The `errors` map of an answer body, when it has a usable one. */
export function fieldErrorsOf(body: unknown): FieldErrors | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const errors = (body as { errors?: unknown }).errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const list = Array.isArray(messages) ? messages : [messages];
    out[field] = list.filter((m) => m != null).map(String);
  }
  return out;
}
