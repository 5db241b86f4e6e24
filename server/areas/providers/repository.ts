import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TrafficProvidersQuery } from '../../../generated/types';
import type { Db } from '../../db/connect';
import { lower, pageOrder, searchCondition, selectPage, type PageRequest } from '../../db/listing';
import { trafficProviders } from './tables';

export type TrafficProviderRecord = typeof trafficProviders.$inferSelect;
/** What the traffic provider form saves. */
export type TrafficProviderInput = Pick<TrafficProviderRecord, 'name' | 'methodType' | 'endpointUrl' | 'pricingType' | 'verticalType' | 'sspFormats' | 'qpsLimit'>;
/** A page of the list: the generated query (schemas/providers/traffic-providers.query.schema.json) with its defaults filled in. */
export type TrafficProviderPageQuery = TrafficProvidersQuery & PageRequest<NonNullable<TrafficProvidersQuery['sort']>>;

const SORT: Record<TrafficProviderPageQuery['sort'], SQL | PgColumn> = {
  id: trafficProviders.id,
  name: lower(trafficProviders.name),
  method_type: trafficProviders.methodType,
  endpoint_url: trafficProviders.endpointUrl,
  pricing_type: trafficProviders.pricingType,
  vertical_type: trafficProviders.verticalType,
  qps_limit: trafficProviders.qpsLimit,
  status: trafficProviders.status,
  created_at: trafficProviders.createdAt,
};

/** The database, or a transaction of it. */
type Writer = Pick<Db, 'insert' | 'update'>;

/** The user's traffic providers. Every read and write is scoped to the owner. */
export function createTrafficProvidersRepository(db: Db) {
  return {
    /** A page of the user's providers and how many match. */
    async page(userId: number, q: TrafficProviderPageQuery): Promise<{ rows: TrafficProviderRecord[]; filtered: number }> {
      const where = and(
        eq(trafficProviders.userId, userId),
        q.status?.length ? inArray(trafficProviders.status, q.status) : undefined,
        q.method_type?.length ? inArray(trafficProviders.methodType, q.method_type) : undefined,
        searchCondition(q.search, trafficProviders.id, [trafficProviders.name, trafficProviders.endpointUrl]),
      );
      return selectPage(db, trafficProviders, where, pageOrder(q.order, SORT[q.sort], trafficProviders.id), q);
    },

    /** The user's active providers by name: what their campaigns may buy from. */
    async active(userId: number): Promise<Pick<TrafficProviderRecord, 'id' | 'name' | 'methodType'>[]> {
      return db
        .select({ id: trafficProviders.id, name: trafficProviders.name, methodType: trafficProviders.methodType })
        .from(trafficProviders)
        .where(and(eq(trafficProviders.userId, userId), eq(trafficProviders.status, 'active')))
        .orderBy(lower(trafficProviders.name), asc(trafficProviders.id));
    },

    async find(userId: number, id: number): Promise<TrafficProviderRecord | undefined> {
      const [row] = await db.select().from(trafficProviders).where(and(eq(trafficProviders.id, id), eq(trafficProviders.userId, userId)));
      return row;
    },

    /** Whether another provider of the user has this name, in any case. */
    async nameTaken(userId: number, name: string): Promise<boolean> {
      const [row] = await db
        .select({ id: trafficProviders.id })
        .from(trafficProviders)
        .where(and(eq(trafficProviders.userId, userId), sql`lower(${trafficProviders.name}) = lower(${name})`))
        .limit(1);
      return row !== undefined;
    },

    /**
     * A new provider (active unless told otherwise); undefined when a provider of the user has the name. `tx` makes
     * it part of a transaction (the plan's check of an active one).
     */
    async create(userId: number, input: TrafficProviderInput, status: TrafficProviderRecord['status'] = 'active', tx: Writer = db): Promise<TrafficProviderRecord | undefined> {
      const [row] = await tx.insert(trafficProviders).values({ userId, ...input, status }).onConflictDoNothing().returning();
      return row;
    },

    /** Sets the status; a provider already in it is answered unchanged. */
    async setStatus(provider: TrafficProviderRecord, status: TrafficProviderRecord['status'], tx: Writer = db): Promise<TrafficProviderRecord> {
      if (provider.status === status) return provider;
      const [row] = await tx.update(trafficProviders).set({ status, updatedAt: sql`now()` }).where(eq(trafficProviders.id, provider.id)).returning();
      return row ?? provider;
    },

    async delete(providerId: number): Promise<void> {
      await db.delete(trafficProviders).where(eq(trafficProviders.id, providerId));
    },
  };
}

export type TrafficProvidersRepository = ReturnType<typeof createTrafficProvidersRepository>;
