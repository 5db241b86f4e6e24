import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deletedAnswer, messageAnswer, unauthenticated, wrapped } from '../openapi/responses';

/** The `{id}` of a user's object in a path: an integer column id. */
export const objectIdParam = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } } as const;

/** The statuses a user's object moves between with `activate` and `pause`. */
export type RunStatus = 'active' | 'paused';

/**
 * The calls every list-and-form area shares for one of the user's objects (a resource, see schemas/README.md,
 * "Resources"): read it, activate and pause it, delete it. Each finds the object through `own`, which answers 404 for
 * another user's object as for a missing one, so no call of an area can forget that rule.
 */
export interface OwnedObjects<R extends { id: number }> {
  /** The list's path, e.g. `/feeds`; the object is `<path>/:id`. */
  path: string;
  tags: string[];
  /** The answer schema of one object. */
  schema: object;
  /** What a 404 says in the API's documentation, e.g. "No such feed (or it is not yours)". */
  notFound: string;
  /** The user's object with this id; throws a 404 otherwise. */
  own: (userId: number, id: number) => Promise<R>;
  /** The object as the calls answer it. */
  json: (row: R) => unknown;
  /** `GET <path>/:id`: its summary. */
  read?: string;
  /**
   * `POST <path>/:id/activate` and `/pause`: their summaries and how the status is set (answered unchanged when it is
   * already so; `set` may refuse with a 409, which `refused` documents).
   */
  statuses?: { activate: string; pause: string; set: (row: R, status: RunStatus, request: FastifyRequest) => Promise<R>; refused?: string };
  /** `DELETE <path>/:id`: its summary and the deletion. */
  remove?: { summary: string; run: (row: R) => Promise<void> };
}

/** Registers the shared calls of one kind of the user's objects. */
export function ownedObjectRoutes<R extends { id: number }>(app: FastifyInstance, spec: OwnedObjects<R>): void {
  const guarded = { onRequest: app.authenticate };
  const base = { tags: spec.tags, security: [{ bearerAuth: [] }], params: objectIdParam };
  const notFound = messageAnswer(spec.notFound);
  type ById = { Params: { id: number } };

  if (spec.read) {
    app.get<ById>(
      `${spec.path}/:id`,
      { ...guarded, schema: { ...base, summary: spec.read, response: { 200: wrapped(spec.schema, 'The object'), 401: unauthenticated, 404: notFound } } },
      async (request) => ({ data: spec.json(await spec.own(request.auth!.userId, request.params.id)) }),
    );
  }

  if (spec.statuses) {
    const { set } = spec.statuses;
    for (const [action, status] of [['activate', 'active'], ['pause', 'paused']] as const) {
      app.post<ById>(
        `${spec.path}/:id/${action}`,
        {
          ...guarded,
          schema: {
            ...base,
            summary: spec.statuses[action],
            response: { 200: wrapped(spec.schema, 'The object with its new status'), 401: unauthenticated, 404: notFound, ...(spec.statuses.refused ? { 409: messageAnswer(spec.statuses.refused) } : {}) },
          },
        },
        async (request) => ({ data: spec.json(await set(await spec.own(request.auth!.userId, request.params.id), status, request)) }),
      );
    }
  }

  if (spec.remove) {
    const { run } = spec.remove;
    app.delete<ById>(
      `${spec.path}/:id`,
      { ...guarded, schema: { ...base, summary: spec.remove.summary, response: { 200: deletedAnswer, 401: unauthenticated, 404: notFound } } },
      async (request) => {
        const row = await spec.own(request.auth!.userId, request.params.id);
        await run(row);
        return { data: { id: row.id } };
      },
    );
  }
}
