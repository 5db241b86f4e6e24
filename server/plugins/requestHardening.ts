import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../httpError';
import { phrase } from '../i18n/phrase';

/**
 * The dotted path (`targets.0.x`, the API's field error keys) of the first string or key holding U+0000 in a
 * parsed request part, or null. PostgreSQL refuses NUL in text and jsonb, so such a value would only fail later
 * as a server error. Walked with a stack, not recursion: a 1 MB body can nest deeper than the call stack.
 */
export function nulPath(value: unknown): string | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: node, path } = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\0')) return path.join('.');
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ value: node[i], path: [...path, String(i)] });
    } else if (node !== null && typeof node === 'object' && !Buffer.isBuffer(node)) {
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        if (key.includes('\0')) return [...path, key].join('.');
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return null;
}

/**
 * Hardening every request and answer gets, whatever its route:
 * - a NUL character (U+0000) in a URL parameter, the query string or a parsed body answers 422 naming the field
 *   (`{ errors: { "<field>": ["This field must not contain a NUL character."] } }`), before schema validation and the
 *   handler (probe finding F10);
 * - an API answer is `Cache-Control: no-store` unless its route chose a caching of its own (public lookups such as
 *   `collections/{name}`); a signed-in answer is always no-store, since it holds one user's data (probe finding F17).
 */
export const requestHardening = fp(async (app: FastifyInstance, { apiPrefix }: { apiPrefix: string }) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = nulPath(part);
      if (field !== null) throw new HttpError(422, 'The given data was invalid.', { errors: { [field]: [phrase('This field must not contain a NUL character.')] } });
    }
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.url.startsWith(`${apiPrefix}/`) && request.url !== apiPrefix) return payload;
    const chosen = reply.getHeader('cache-control');
    if (chosen === undefined || (request.auth && !String(chosen).includes('no-store'))) reply.header('Cache-Control', 'no-store');
    return payload;
  });
});
