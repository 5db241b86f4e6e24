import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { EndpointsQuery, EndpointTest, RtbNetworksQuery } from '../../../generated/types';
import type { Db } from '../../db/connect';
import { isUniqueViolation, lower, pageOrder, searchCondition, selectPage, type PageRequest } from '../../db/listing';
import { rtbEndpoints, rtbNetworks } from './tables';

export type RtbNetworkRecord = typeof rtbNetworks.$inferSelect;
export type RtbEndpointRecord = typeof rtbEndpoints.$inferSelect;
/** What the RTB network form saves. */
export type RtbNetworkInput = Pick<RtbNetworkRecord, 'adFormats' | 'platform' | 'serverLocation' | 'openRtb' | 'xml' | 'ipv6Support' | 'dsp' | 'websiteLink'>;
/** What the RTB endpoint form saves. */
export type RtbEndpointInput = Pick<RtbEndpointRecord, 'name' | 'url' | 'protocol' | 'adFormats' | 'serverLocation' | 'qps' | 'timeoutMs'>;
/** Pages of the lists: the generated queries (schemas/rtb/*.query.schema.json) with their defaults filled in. */
export type RtbNetworkPageQuery = RtbNetworksQuery & PageRequest<NonNullable<RtbNetworksQuery['sort']>>;
export type RtbEndpointPageQuery = EndpointsQuery & PageRequest<NonNullable<EndpointsQuery['sort']>>;

const NETWORK_SORT: Record<RtbNetworkPageQuery['sort'], SQL | PgColumn> = {
  id: rtbNetworks.id,
  dsp: lower(rtbNetworks.dsp),
  website_link: rtbNetworks.websiteLink,
  platform: rtbNetworks.platform,
  server_location: rtbNetworks.serverLocation,
  status: rtbNetworks.status,
  created_at: rtbNetworks.createdAt,
};

const ENDPOINT_SORT: Record<RtbEndpointPageQuery['sort'], SQL | PgColumn> = {
  id: rtbEndpoints.id,
  name: lower(rtbEndpoints.name),
  url: rtbEndpoints.url,
  protocol: rtbEndpoints.protocol,
  server_location: rtbEndpoints.serverLocation,
  qps: rtbEndpoints.qps,
  timeout_ms: rtbEndpoints.timeoutMs,
  status: rtbEndpoints.status,
  created_at: rtbEndpoints.createdAt,
  updated_at: rtbEndpoints.updatedAt,
};

/** Whether two lists of ad formats hold the same formats, in any order. */
const sameFormats = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The user's RTB network requests and RTB endpoints. Every read and write is scoped to the owner. */
export function createRtbRepository(db: Db) {
  return {
    // Networks

    /** A page of the user's network requests and how many match. */
    async networkPage(userId: number, q: RtbNetworkPageQuery): Promise<{ rows: RtbNetworkRecord[]; filtered: number }> {
      const where = and(eq(rtbNetworks.userId, userId), q.status?.length ? inArray(rtbNetworks.status, q.status) : undefined, searchCondition(q.search, rtbNetworks.id, [rtbNetworks.dsp, rtbNetworks.websiteLink]));
      return selectPage(db, rtbNetworks, where, pageOrder(q.order, NETWORK_SORT[q.sort], rtbNetworks.id), q);
    },

    async findNetwork(userId: number, id: number): Promise<RtbNetworkRecord | undefined> {
      const [row] = await db.select().from(rtbNetworks).where(and(eq(rtbNetworks.id, id), eq(rtbNetworks.userId, userId)));
      return row;
    },

    /** A new request, pending the staff's review. */
    async createNetwork(owner: { userId: number; networkId: string }, input: RtbNetworkInput, status: RtbNetworkRecord['status'] = 'pending'): Promise<RtbNetworkRecord> {
      const [row] = await db.insert(rtbNetworks).values({ ...owner, ...input, status }).returning();
      return row;
    },

    // Endpoints

    /** A page of the user's endpoints and how many match. */
    async endpointPage(userId: number, q: RtbEndpointPageQuery): Promise<{ rows: RtbEndpointRecord[]; filtered: number }> {
      const where = and(
        eq(rtbEndpoints.userId, userId),
        q.status?.length ? inArray(rtbEndpoints.status, q.status) : undefined,
        q.protocol?.length ? inArray(rtbEndpoints.protocol, q.protocol) : undefined,
        searchCondition(q.search, rtbEndpoints.id, [rtbEndpoints.name, rtbEndpoints.url]),
      );
      return selectPage(db, rtbEndpoints, where, pageOrder(q.order, ENDPOINT_SORT[q.sort], rtbEndpoints.id), q);
    },

    async findEndpoint(userId: number, id: number): Promise<RtbEndpointRecord | undefined> {
      const [row] = await db.select().from(rtbEndpoints).where(and(eq(rtbEndpoints.id, id), eq(rtbEndpoints.userId, userId)));
      return row;
    },

    /** Whether another endpoint of the user (not `exceptId`) has this name, in any case. */
    async endpointNameTaken(userId: number, name: string, exceptId = 0): Promise<boolean> {
      const [row] = await db
        .select({ id: rtbEndpoints.id })
        .from(rtbEndpoints)
        .where(and(eq(rtbEndpoints.userId, userId), ne(rtbEndpoints.id, exceptId), sql`lower(${rtbEndpoints.name}) = lower(${name})`))
        .limit(1);
      return row !== undefined;
    },

    /** A new endpoint (active unless told otherwise); undefined when an endpoint of the user has the name. */
    async createEndpoint(userId: number, input: RtbEndpointInput, status: RtbEndpointRecord['status'] = 'active'): Promise<RtbEndpointRecord | undefined> {
      const [row] = await db.insert(rtbEndpoints).values({ userId, ...input, status }).onConflictDoNothing().returning();
      return row;
    },

    /**
     * Saves an edit; the last test is dropped when what it tested changed (URL, protocol, formats, timeout).
     * Undefined when another endpoint of the user took the name meanwhile.
     */
    async updateEndpoint(endpoint: RtbEndpointRecord, input: RtbEndpointInput): Promise<RtbEndpointRecord | undefined> {
      const retest = endpoint.url !== input.url || endpoint.protocol !== input.protocol || endpoint.timeoutMs !== input.timeoutMs || !sameFormats(endpoint.adFormats, input.adFormats);
      try {
        const [row] = await db
          .update(rtbEndpoints)
          .set({ ...input, ...(retest ? { lastTest: null } : {}), updatedAt: sql`now()` })
          .where(eq(rtbEndpoints.id, endpoint.id))
          .returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    /** Sets the status; an endpoint already in it is answered unchanged. */
    async setEndpointStatus(endpoint: RtbEndpointRecord, status: RtbEndpointRecord['status']): Promise<RtbEndpointRecord> {
      if (endpoint.status === status) return endpoint;
      const [row] = await db.update(rtbEndpoints).set({ status, updatedAt: sql`now()` }).where(eq(rtbEndpoints.id, endpoint.id)).returning();
      return row ?? endpoint;
    },

    /**
     * Keeps a test's outcome as the endpoint's last test (not an edit: updated_at stays), unless what was tested
     * changed while the test ran (an edit landed in between: its result would describe another bidder).
     */
    async saveTest(tested: RtbEndpointRecord, test: EndpointTest): Promise<void> {
      await db
        .update(rtbEndpoints)
        .set({ lastTest: test })
        .where(
          and(
            eq(rtbEndpoints.id, tested.id),
            eq(rtbEndpoints.url, tested.url),
            eq(rtbEndpoints.protocol, tested.protocol),
            eq(rtbEndpoints.timeoutMs, tested.timeoutMs),
            sql`${rtbEndpoints.adFormats} = ${JSON.stringify(tested.adFormats)}::jsonb`,
          ),
        );
    },

    async deleteEndpoint(endpointId: number): Promise<void> {
      await db.delete(rtbEndpoints).where(eq(rtbEndpoints.id, endpointId));
    },
  };
}

export type RtbRepository = ReturnType<typeof createRtbRepository>;
