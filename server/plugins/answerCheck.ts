import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// ajv-formats is CommonJS: under Node ESM its default export arrives wrapped.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

type Schema = Record<string, unknown>;

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

  app.addHook('preSerialization', async (request, reply, payload) => {
    const schema = declaredFor(request.routeOptions.schema?.response as Record<string, Schema> | undefined, reply.statusCode);
    if (!schema || payload === null || typeof payload !== 'object' || Buffer.isBuffer(payload)) return payload;
    const validate = validatorOf(schema);
    if (!validate(payload)) {
      const problems = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
      const message = `Answer ${reply.statusCode} of ${request.method} ${request.routeOptions.url} leaves its declared schema: ${problems.join('; ')}`;
      // The client sees a 500; the test's output names the mismatch. The status is set here too: an error answer
      // (a 4xx of the error handler) that fails this check goes to Fastify's fallback, which would keep its status.
      process.stderr.write(`${message}\n`);
      reply.code(500);
      throw new Error(message);
    }
    return payload;
  });
});
