import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

// ajv-formats is CommonJS: under Node ESM its default export arrives wrapped.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

type Schema = Record<string, unknown>;

/** An answer's bytes as they were before the encoding it is sent in. */
function decoded(bytes: Buffer, encoding: unknown): Buffer {
  if (encoding === 'br') return brotliDecompressSync(bytes);
  if (encoding === 'gzip') return gunzipSync(bytes);
  return bytes;
}

/** The schema a route declares for one status (an exact code, then `2xx`-style, then `default`), if any. */
function declaredFor(response: Record<string, Schema> | undefined, status: number): Schema | undefined {
  if (!response) return undefined;
  const schema = response[String(status)] ?? response[`${String(status)[0]}xx`] ?? response.default;
  // Answers declared per media type (files) are bytes, not JSON.
  return schema && !('content' in schema) ? schema : undefined;
}

/**
 * Tests only: checks every JSON answer against the schema its route declares, before Fastify's serializer would
 * quietly drop undeclared fields or coerce a wrong type. An answer that leaves its declared shape becomes a 500
 * naming the route and the mismatch, so every API test doubles as a contract test of what it calls.
 */
export const answerCheck = fp(async (app: FastifyInstance) => {
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  const compiled = new WeakMap<Schema, ValidateFunction>();
  const validatorOf = (schema: Schema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      // Catalog schemas serve several routes: compiled without their $id, so Ajv does not see one twice.
      validate = ajv.compile(JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === '$id' ? undefined : value))) as Schema);
      compiled.set(schema, validate);
    }
    return validate;
  };

  /** Throws (and answers 500) when a JSON answer leaves the schema its route declares for its status. */
  const check = (request: FastifyRequest, reply: FastifyReply, answer: unknown) => {
    const schema = declaredFor(request.routeOptions.schema?.response as Record<string, Schema> | undefined, reply.statusCode);
    if (!schema) return;
    const validate = validatorOf(schema);
    if (!validate(answer)) {
      const problems = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
      const message = `Answer ${reply.statusCode} of ${request.method} ${request.routeOptions.url} leaves its declared schema: ${problems.join('; ')}`;
      // The client sees a 500; the test's output names the mismatch. The status is set here too: an error answer
      // (a 4xx of the error handler) that fails this check goes to Fastify's fallback, which would keep its status.
      process.stderr.write(`${message}\n`);
      reply.code(500);
      throw new Error(message);
    }
  };

  // Answers checked as objects, before Fastify serializes them (its onSend then sees their text).
  const checked = new WeakSet<FastifyReply>();
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (payload !== null && typeof payload === 'object' && !Buffer.isBuffer(payload)) {
      checked.add(reply);
      check(request, reply, payload);
    }
    return payload;
  });
  // A route that serializes a fixed answer once (GET network, GET settings, http/preparedAnswer.ts) sends its text or
  // bytes, perhaps compressed, which skips preSerialization: its JSON is read back and checked the same way.
  app.addHook('onSend', async (request, reply, payload) => {
    if (checked.has(reply) || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    if (typeof payload === 'string') check(request, reply, JSON.parse(payload));
    else if (Buffer.isBuffer(payload)) check(request, reply, JSON.parse(decoded(payload, reply.getHeader('content-encoding')).toString()));
    return payload;
  });
});
