import { and, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FlatDealApplicationsQuery, FlatDealsQuery } from '../../../generated/types';
import type { Db } from '../../db/connect';
import { lower, pageOrder, searchCondition, selectPage, type PageRequest } from '../../db/listing';
import { intArray } from '../../db/sqlArrays';
import { campaigns } from '../campaigns/tables';
import { flatDealApplications, flatDeals } from './tables';

export type FlatDealRecord = typeof flatDeals.$inferSelect;
export type FlatDealInput = Omit<typeof flatDeals.$inferInsert, 'id' | 'networkId' | 'createdAt'>;
export type ApplicationRecord = typeof flatDealApplications.$inferSelect;
export type ApplicationInput = Pick<ApplicationRecord, 'flatDealId' | 'limitType' | 'limitValue' | 'price' | 'currency' | 'startsOn' | 'endsOn' | 'creativeFormat' | 'contactNote'>;
/** A campaign made from an application, as the application names it. */
export interface CampaignLink {
  id: number;
  name: string;
}

/** An application with the deal it is for and the campaigns made from it. */
export type ApplicationView = ApplicationRecord & { deal: Pick<FlatDealRecord, 'name' | 'adFormatId'>; campaigns: CampaignLink[] };

export type DealPageQuery = FlatDealsQuery & PageRequest<NonNullable<FlatDealsQuery['sort']>>;
export type ApplicationPageQuery = FlatDealApplicationsQuery & PageRequest<NonNullable<FlatDealApplicationsQuery['sort']>>;

/** How many deals `similar` answers. */
export const SIMILAR_DEALS = 6;

const DEAL_SORT: Record<DealPageQuery['sort'], SQL | PgColumn> = {
  id: flatDeals.id,
  name: lower(flatDeals.name),
  price: flatDeals.price,
  tier_id: flatDeals.tierId,
  limit_value: flatDeals.limitValue,
  total_visits: sql`coalesce(${flatDeals.totalVisits}, 0)`,
};

const APPLICATION_SORT: Record<ApplicationPageQuery['sort'], SQL | PgColumn> = {
  id: flatDealApplications.id,
  number: flatDealApplications.id,
  deal_name: sql`lower(${flatDeals.name})`,
  price: flatDealApplications.price,
  starts_on: flatDealApplications.startsOn,
  status: flatDealApplications.status,
  created_at: flatDealApplications.createdAt,
};

const campaignsOf = sql<CampaignLink[]>`coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.id) from ${campaigns} c where c.flat_deal_application_id = ${flatDealApplications.id}), '[]')`;

/** The marketplace's SQL: a network's deals, and users' applications for them (each read scoped to its network or owner). */
export function createMarketplaceRepository(db: Db) {
  const applicationViews = (where: SQL | undefined) =>
    db
      .select({ application: flatDealApplications, name: flatDeals.name, adFormatId: flatDeals.adFormatId, campaigns: campaignsOf, filtered: sql<number>`(count(*) over ())::int` })
      .from(flatDealApplications)
      .innerJoin(flatDeals, eq(flatDeals.id, flatDealApplications.flatDealId))
      .where(where)
      .$dynamic();
  type ViewRow = { application: ApplicationRecord; name: string; adFormatId: string; campaigns: CampaignLink[] };
  const view = (r: ViewRow): ApplicationView => ({ ...r.application, deal: { name: r.name, adFormatId: r.adFormatId }, campaigns: r.campaigns });

  return {
    /** Adds the deals a network lacks (by key); deals it has are left as they are. */
    async addDeals(networkId: string, deals: readonly FlatDealInput[]): Promise<number> {
      let added = 0;
      for (let i = 0; i < deals.length; i += 500) {
        const rows = await db
          .insert(flatDeals)
          .values(deals.slice(i, i + 500).map((d) => ({ ...d, networkId })))
          .onConflictDoNothing()
          .returning({ id: flatDeals.id });
        added += rows.length;
      }
      return added;
    },

    /** A page of the network's deals and how many match. */
    async dealPage(networkId: string, q: DealPageQuery): Promise<{ rows: FlatDealRecord[]; filtered: number }> {
      const countries = q.country_ids?.length ? or(sql`${flatDeals.countryIds} && ${intArray(q.country_ids)}`, sql`cardinality(${flatDeals.countryIds}) = 0`) : undefined;
      const where = and(
        eq(flatDeals.networkId, networkId),
        q.ad_format_id?.length ? inArray(flatDeals.adFormatId, q.ad_format_id) : undefined,
        q.kind?.length ? inArray(flatDeals.kind, q.kind) : undefined,
        q.country_group_id?.length ? inArray(flatDeals.countryGroupId, q.country_group_id) : undefined,
        countries,
        q.tier_id?.length ? inArray(flatDeals.tierId, q.tier_id) : undefined,
        q.traffic_type_id?.length ? inArray(flatDeals.trafficTypeId, q.traffic_type_id) : undefined,
        q.status?.length ? inArray(flatDeals.status, q.status) : undefined,
        q.price_from ? gte(flatDeals.price, q.price_from) : undefined,
        q.price_to ? lte(flatDeals.price, q.price_to) : undefined,
        searchCondition(q.search, flatDeals.id, [flatDeals.name]),
      );
      return selectPage(db, flatDeals, where, pageOrder(q.order, DEAL_SORT[q.sort], flatDeals.id), q);
    },

    /** One deal of the network, or undefined (another network's deal does not exist here). */
    async deal(networkId: string, id: number): Promise<FlatDealRecord | undefined> {
      const [row] = await db.select().from(flatDeals).where(and(eq(flatDeals.id, id), eq(flatDeals.networkId, networkId)));
      return row;
    },

    /**
     * Deals like `deal`: the same network and ad format, the same country group (or, for a site deal, traffic from one
     * of its countries), available, nearest in listed price first; never the deal itself.
     */
    async similar(deal: FlatDealRecord, limit = SIMILAR_DEALS): Promise<FlatDealRecord[]> {
      const geography =
        deal.countryGroupId !== null
          ? eq(flatDeals.countryGroupId, deal.countryGroupId)
          : deal.countryIds.length
            ? sql`${flatDeals.countryIds} && ${intArray(deal.countryIds)}`
            : sql`cardinality(${flatDeals.countryIds}) = 0`;
      return db
        .select()
        .from(flatDeals)
        .where(and(eq(flatDeals.networkId, deal.networkId), eq(flatDeals.adFormatId, deal.adFormatId), eq(flatDeals.kind, deal.kind), ne(flatDeals.id, deal.id), eq(flatDeals.status, 'available'), geography))
        .orderBy(sql`abs(${flatDeals.price} - ${deal.price}::numeric)`, flatDeals.id)
        .limit(limit);
    },

    async createApplication(userId: number, input: ApplicationInput): Promise<ApplicationRecord> {
      const [row] = await db.insert(flatDealApplications).values({ userId, ...input }).returning();
      return row!;
    },

    /** The user's application with its deal and campaigns, or undefined (another user's does not exist for them). */
    async application(userId: number, id: number): Promise<ApplicationView | undefined> {
      const [row] = await applicationViews(and(eq(flatDealApplications.id, id), eq(flatDealApplications.userId, userId)));
      return row && view(row);
    },

    /** An application of any user of the network (the operator's calls), or undefined. */
    async applicationInNetwork(networkId: string, id: number): Promise<ApplicationView | undefined> {
      const [row] = await applicationViews(and(eq(flatDealApplications.id, id), eq(flatDeals.networkId, networkId)));
      return row && view(row);
    },

    /** A page of the user's applications and how many match. */
    async applicationPage(userId: number, q: ApplicationPageQuery): Promise<{ rows: ApplicationView[]; filtered: number }> {
      const where = and(
        eq(flatDealApplications.userId, userId),
        q.status?.length ? inArray(flatDealApplications.status, q.status) : undefined,
        searchCondition(q.search?.replace(/^FD-/i, ''), flatDealApplications.id, [flatDeals.name]),
      );
      const query = applicationViews(where).orderBy(...pageOrder(q.order, APPLICATION_SORT[q.sort], flatDealApplications.id));
      const rows = q.per_page === -1 ? await query : await query.limit(q.per_page).offset((q.page - 1) * q.per_page);
      let filtered = rows[0]?.filtered ?? 0;
      if (!rows.length && q.page > 1) {
        const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(flatDealApplications).innerJoin(flatDeals, eq(flatDeals.id, flatDealApplications.flatDealId)).where(where);
        filtered = counted?.n ?? 0;
      }
      return { rows: rows.map(view), filtered };
    },

    /** Cancels a pending application; undefined when it is no longer pending (the status is checked in the update). */
    async cancel(application: ApplicationRecord): Promise<ApplicationRecord | undefined> {
      const [row] = await db
        .update(flatDealApplications)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(and(eq(flatDealApplications.id, application.id), eq(flatDealApplications.status, 'pending')))
        .returning();
      return row;
    },
  };
}

export type MarketplaceRepository = ReturnType<typeof createMarketplaceRepository>;
