import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, count, eq, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { likeText, pageOrder, pageWindow, type PageRequest } from '../db/listing';
import { apiTokens } from '../db/schema';

export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type ApiTokenScope = 'read' | 'full';

/** What every API token starts with: the authentication plugin tells one from a session's token by it. */
export const API_TOKEN_PREFIX = 'apt_';
/** Most tokens one user may hold at once. */
export const MAX_API_TOKENS = 20;
/** `last_used_at` is written at most this often per token (a busy script would otherwise write on every call). */
const LAST_USED_EVERY_SECONDS = 60;

/** `apt_` and 12 hex digits: the token's public id (lists, revoking), then `_` and 43 characters of secret. */
const TOKEN = /^(apt_[0-9a-f]{12})_[A-Za-z0-9_-]{43}$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new token: its public id, the whole token (shown once) and the hash that is kept. */
export function newApiToken(): { publicId: string; token: string; secretHash: string } {
  const publicId = `${API_TOKEN_PREFIX}${randomBytes(6).toString('hex')}`;
  const token = `${publicId}_${randomBytes(32).toString('base64url')}`;
  return { publicId, token, secretHash: sha256(token) };
}

/** The public id of a well-formed token, or null. */
export const publicIdOf = (token: string): string | null => TOKEN.exec(token)?.[1] ?? null;

export type ApiTokenSort = 'name' | 'scope' | 'created_at' | 'last_used_at';

const SORT_COLUMNS = { name: sql`lower(${apiTokens.name})`, scope: apiTokens.scope, created_at: apiTokens.createdAt, last_used_at: apiTokens.lastUsedAt };

/** Personal API tokens: made and revoked by their owner on /api, checked on every call that presents one. */
export function createApiTokensRepository(db: Db) {
  const mine = (userId: number, networkId: string) => and(eq(apiTokens.userId, userId), eq(apiTokens.networkId, networkId));
  /** When this process last marked each token used: a busy script's calls then cost no write, nor even a query. */
  const marked = new Map<number, number>();
  return {
    /** Makes a token; the answer's `token` is the only time the secret exists outside the caller. */
    async create(input: { userId: number; networkId: string; name: string; scope: ApiTokenScope }): Promise<{ row: ApiTokenRow; token: string }> {
      const { publicId, token, secretHash } = newApiToken();
      const [row] = await db.insert(apiTokens).values({ ...input, publicId, secretHash }).returning();
      return { row, token };
    },

    async count(userId: number, networkId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(apiTokens).where(mine(userId, networkId));
      return row.n;
    },

    /** A page of the user's tokens, searched by name or public id, of the scopes asked for (all if none). */
    async page(userId: number, networkId: string, request: PageRequest<ApiTokenSort> & { scope?: ApiTokenScope[] }): Promise<{ rows: ApiTokenRow[]; recordsFiltered: number }> {
      const term = request.search?.trim();
      const where = and(
        mine(userId, networkId),
        term ? or(ilike(apiTokens.name, likeText(term)), ilike(apiTokens.publicId, likeText(term))) : undefined,
        request.scope?.length ? inArray(apiTokens.scope, request.scope) : undefined,
      );
      const window = pageWindow(request);
      const query = db
        .select()
        .from(apiTokens)
        .where(where)
        .orderBy(...pageOrder(request.order, SORT_COLUMNS[request.sort], apiTokens.id));
      const [rows, [total]] = await Promise.all([window ? query.limit(window.limit).offset(window.offset) : query, db.select({ n: count() }).from(apiTokens).where(where)]);
      return { rows, recordsFiltered: total.n };
    },

    /** Revokes one of the user's tokens at once; false when it is not theirs (or no longer exists). */
    async revoke(userId: number, networkId: string, publicId: string): Promise<ApiTokenRow | null> {
      const [row] = await db
        .delete(apiTokens)
        .where(and(mine(userId, networkId), eq(apiTokens.publicId, publicId)))
        .returning();
      return row ?? null;
    },

    /**
     * The live token `token` is, on this network, or null: looked up by its public id, then its hash compared in
     * constant time. Marks it used (at most once a minute per token: the row's time, and this process's memory so the
     * calls between cost nothing).
     */
    async verify(token: string, networkId: string): Promise<{ id: number; userId: number; scope: ApiTokenScope } | null> {
      const publicId = publicIdOf(token);
      if (!publicId) return null;
      const [row] = await db
        .select()
        .from(apiTokens)
        .where(and(eq(apiTokens.publicId, publicId), eq(apiTokens.networkId, networkId)));
      if (!row || !timingSafeEqual(Buffer.from(row.secretHash), Buffer.from(sha256(token)))) return null;
      const now = Date.now();
      if (now - (marked.get(row.id) ?? 0) >= LAST_USED_EVERY_SECONDS * 1000) {
        if (marked.size > 10_000) marked.clear();
        marked.set(row.id, now);
        await db
          .update(apiTokens)
          .set({ lastUsedAt: sql`now()` })
          .where(and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - make_interval(secs => ${LAST_USED_EVERY_SECONDS})`))));
      }
      return { id: row.id, userId: row.userId, scope: row.scope as ApiTokenScope };
    },
  };
}

export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;

/** Calls one API token may make per window. */
export interface ApiTokenRateLimit {
  max: number;
  windowMs: number;
}

/** The default: 600 calls a minute per token (10 a second on average), bursts allowed within the minute. */
export const DEFAULT_API_TOKEN_RATE_LIMIT: ApiTokenRateLimit = { max: 600, windowMs: 60_000 };

/**
 * Counts each token's calls in fixed windows, in this process's memory (several processes each count their own:
 * the limit is per process, which the README says). Answers how long to wait once a token is over its limit.
 */
export function createApiTokenLimiter(limit: ApiTokenRateLimit) {
  const windows = new Map<number, { start: number; calls: number }>();
  return {
    /** Counts a call of token `id` at `now`; null when allowed, else the seconds until its window ends. */
    take(id: number, now = Date.now()): number | null {
      let window = windows.get(id);
      if (!window || now - window.start >= limit.windowMs) {
        if (windows.size > 10_000) for (const [key, w] of windows) if (now - w.start >= limit.windowMs) windows.delete(key);
        window = { start: now, calls: 0 };
        windows.set(id, window);
      }
      window.calls += 1;
      return window.calls > limit.max ? Math.max(1, Math.ceil((window.start + limit.windowMs - now) / 1000)) : null;
    },
  };
}

export type ApiTokenLimiter = ReturnType<typeof createApiTokenLimiter>;
