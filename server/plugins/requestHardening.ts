import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../httpError';
import { phrase } from '../i18n/phrase';

/** A place in a walked value: its key and the place holding it (the path is built only when it is needed). */
interface Place {
  key: string;
  parent: Place | null;
}

const dotted = (place: Place | null): string => {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * The dotted path (`targets.0.x`, the API's field error keys) of the first string or key holding U+0000 in a
 * parsed request part, or null. PostgreSQL refuses NUL in text and jsonb, so such a value would only fail later
 * as a server error. Walked with a stack, not recursion: a 1 MB body can nest deeper than the call stack; and each
 * place links to its parent instead of copying its path, which would make a body nested 50,000 deep cost seconds.
 */
export function nulPath(value: unknown): string | null {
  const stack: { value: unknown; place: Place | null }[] = [{ value, place: null }];
  while (stack.length) {
    const { value: node, place } = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\0')) return dotted(place);
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ value: node[i], place: { key: String(i), parent: place } });
    } else if (node !== null && typeof node === 'object' && !Buffer.isBuffer(node)) {
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        if (key.includes('\0')) return dotted({ key, parent: place });
        stack.push({ value: child, place: { key, parent: place } });
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
  // Callbacks, not async hooks: these run on every call, and a promise each is measurable (npm run bench -- --only=api).
  app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = nulPath(part);
      if (field !== null) return done(new HttpError(422, 'The given data was invalid.', { errors: { [field]: [phrase('This field must not contain a NUL character.')] } }));
    }
    done();
  });

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload: unknown) => void) => {
    if (request.url.startsWith(`${apiPrefix}/`) || request.url === apiPrefix) {
      const chosen = reply.getHeader('cache-control');
      if (chosen === undefined || (request.auth && !String(chosen).includes('no-store'))) reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
});
