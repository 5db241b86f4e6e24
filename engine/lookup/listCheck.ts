/**
 * A list field checked by the server while it is typed (`ui:options.check` of a list widget): the entries go to an
 * endpoint as one array under `field`, and the messages the server has for them come back under the same field,
 * either in a 200 answer's `data.errors[field]` (POST sites/validate) or a 422's `errors[field]`
 * (POST ip-ranges/collections). The form's own save still validates: this only says it sooner.
 */
import type { LookupTransport } from './types';

/** `ui:options.check`: where the entries go and under which key. */
export interface ListCheckSource {
  endpoint: string;
  /** The request key of the entries and the error key of the answer, e.g. `domains`. */
  field: string;
}

/** Thrown for a `ui:options.check` that is not `{ endpoint, field }` strings. */
export class ListCheckError extends Error {
  override name = 'ListCheckError';
}

/** The check a widget's options declare, or null without one. */
export function parseListCheck(value: unknown): ListCheckSource | null {
  if (value === undefined) return null;
  const v = value as Partial<ListCheckSource> | null;
  if (!v || typeof v.endpoint !== 'string' || !v.endpoint || typeof v.field !== 'string' || !v.field) {
    throw new ListCheckError(`ui:options.check must be { "endpoint": string, "field": string }, got ${JSON.stringify(value)}`);
  }
  return { endpoint: v.endpoint, field: v.field };
}

const messagesAt = (errors: unknown, field: string): string[] | null => {
  const list = (errors as Record<string, unknown> | null | undefined)?.[field];
  return Array.isArray(list) ? list.filter((m): m is string => typeof m === 'string') : null;
};

/**
 * The server's messages for `items` (none when it accepts them all). Other failures (network, a 500, an abort)
 * reject: the caller keeps what it showed and the save will say.
 */
export async function checkList(transport: LookupTransport, source: ListCheckSource, items: readonly string[], signal: AbortSignal): Promise<string[]> {
  if (!items.length) return [];
  try {
    const body = (await transport({ method: 'POST', url: source.endpoint, data: { [source.field]: items }, signal })) as { data?: { errors?: unknown } } | null;
    return messagesAt(body?.data?.errors, source.field) ?? [];
  } catch (error) {
    const messages = messagesAt((error as { errors?: unknown } | null)?.errors, source.field);
    if (messages) return messages;
    throw error;
  }
}
