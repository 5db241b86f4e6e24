import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { jsonEqual } from '../../../engine/form/paths';
import type { CampaignRow, CampaignsTableQuery, CampaignTotals } from '../../../generated/types';
import type { Db } from '../../db/connect';
import { rejectCauses } from '../ads/tables';
import { campaignApprovals, campaignGroups, campaigns, campaignUpdatingRules } from './tables';
import type { CampaignInput } from './checkCampaign';
import { reserveAfterEdit, reserveFor, subtractMoney } from './reserve';
import { datesState, scheduleOf } from './delivery';
import { cpaStateAfterSave, type CpaStatus, type CpaTerms } from './cpaTest';

export type CampaignRecord = typeof campaigns.$inferSelect;
/** One active campaign's figures for the tooltips (numbers of statistics as decimal strings). */
export type TooltipFigures = { id: number; name: string; impressions_24h: string; bids: string; wins: string; limit_exceeded_name: string | null; limit_exceeded_type: string | null; exceeded_limit: string | null; wanted: boolean };
export type CampaignGroupRow = typeof campaignGroups.$inferSelect;
export type CampaignApprovalRow = typeof campaignApprovals.$inferSelect;
export type UpdatingRuleRow = typeof campaignUpdatingRules.$inferSelect;

/** A page of the campaign table: the generated query (schemas/campaigns/campaigns-table.query.schema.json) with its defaults filled in. */
export type CampaignTableQuery = CampaignsTableQuery & Required<Pick<CampaignsTableQuery, 'page' | 'per_page' | 'sort' | 'order'>>;

/** Why a bulk action left a campaign as it was. */
export type SkipReason = 'archived' | 'rejected' | 'finished' | 'no_funds' | 'unchanged';


const SORT_SQL: Record<CampaignTableQuery['sort'], SQL> = {
  id: sql`c.id`,
  name: sql`lower(c.name)`,
  status: sql`c.status`,
  approval: sql`coalesce(ap.status, '')`,
  ad_format: sql`c.ad_format`,
  pricing_model: sql`c.pricing_model`,
  price: sql`c.price`,
  daily_limit: sql`c.daily_limit`,
  spend: sql`coalesce(st.spend, 0)`,
  impressions: sql`coalesce(st.impressions, 0)`,
  clicks: sql`coalesce(st.clicks, 0)`,
  ctr: sql`st.clicks::numeric / nullif(st.impressions, 0)`,
  conversions: sql`coalesce(st.conversions, 0)`,
  ecpm: sql`st.spend * 1000 / nullif(st.impressions, 0)`,
  ecpc: sql`st.spend / nullif(st.clicks, 0)`,
  reserved_balance: sql`c.reserved_balance`,
  created_at: sql`c.created_at`,
};

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A rule that never acted, or whose last action is `period_days` or more before `now`. */
const ruleIsDue = (now: Date) =>
  sql`(${campaignUpdatingRules.lastAppliedAt} is null or ${campaignUpdatingRules.lastAppliedAt} <= ${now.toISOString()}::timestamptz - make_interval(days => ${campaignUpdatingRules.periodDays}))`;

/**
 * What a save (create or edit) writes beside the form, in the same transaction: the recommended price of the saved
 * targets (read before the transaction: it is the traffic estimate's, areas/traffic), and `within`, the other areas'
 * part of the save (the ads area sends the campaign's ad to moderation). A crash then leaves all of a save or none:
 * never a campaign whose ad moderation never gets, nor one whose recommended price is of targets it no longer has.
 */
export interface SaveAlongside {
  recommendedPrice?: string | null;
  within?: (tx: Pick<Db, 'execute'>) => Promise<unknown>;
}

/** The form's fields kept in columns of their own (name, ad, group, pricing model, price, limits), never in `model`. */
export const COLUMN_FIELDS = ['name', 'ad_format', 'ad_id', 'campaign_group_id', 'pricing_model', 'price', 'limits'] as const;

/** The form without its column fields: what the `model` column keeps, so a fact is stored once (answers.ts `campaignForm` joins them again). */
export function modelOf(form: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...form };
  for (const field of COLUMN_FIELDS) delete rest[field];
  return rest;
}

/** Campaigns, their groups, moderation history and updating rules. Every read is scoped to the owner. */
export function createCampaignsRepository(db: Db) {
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

  const columns = (input: CampaignInput) => ({
    name: input.name,
    adId: input.adId,
    adFormat: input.adFormat,
    groupId: input.groupId,
    pricingModel: input.pricingModel,
    price: input.price,
    limitType: input.limits.type,
    hourlyLimit: input.limits.hourly ?? null,
    dailyLimit: input.limits.daily ?? null,
    totalLimit: input.limits.total ?? null,
    model: modelOf(input.model),
  });

  /**
   * Locks the user's row until the transaction ends: every change of a reserve takes this lock first, so two
   * requests of one user (an activation, an edit of the limits, a moderator's approval) reserve money one after
   * the other and never both take the same free money.
   */
  /** What decides the CPA test of a campaign saved with `input`. */
  const cpaTerms = (input: Pick<CampaignInput, 'pricingModel' | 'price' | 'model'>): CpaTerms => ({
    pricingModel: input.pricingModel,
    price: input.price,
    cpaGoals: (input.model.cpa_goals as CpaTerms['cpaGoals'] | undefined) ?? [],
  });

  /** The recommended price column of a save, when the caller read one. */
  const recommended = ({ recommendedPrice }: SaveAlongside) => (recommendedPrice === undefined ? {} : { recommendedPrice });

  async function lockUser(tx: Tx, userId: number): Promise<void> {
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
  }

  /**
   * Money the user has not reserved for other active campaigns or approved flat deals (`except`'s own reserve counted
   * as free, 0 for none; see reserved_balances in finances/tables.ts). Locks the user's
   * row first, then reads in a statement of its own: under READ COMMITTED a statement sees what committed before it
   * started, so a sum read in the statement that waited for the lock would miss the reserve the lock holder just made.
   */
  async function available(tx: Tx, userId: number, except: number): Promise<string> {
    await lockUser(tx, userId);
    const [row] = rows<{ available: string }>(
      await tx.execute(sql`
        select (u.balance - coalesce((select reserved from reserved_balances where user_id = u.id), 0)
                + coalesce((select reserved_balance from campaigns where id = ${except} and user_id = u.id and status = 'active'), 0))::numeric(18,2)::text as available
        from users u where u.id = ${userId}`),
    );
    return row?.available ?? '0';
  }

  /** The campaign row as it is now, locked until the transaction ends (call after `lockUser`). */
  async function current(tx: Tx, campaignId: number): Promise<CampaignRecord | undefined> {
    const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
    return row;
  }

  return {
    /**
     * Creates a campaign, paused, with a pending approval; it starts once approved if `activate_on_approve` is on.
     * One transaction with what goes `alongside` (SaveAlongside).
     */
    async create(owner: { userId: number; networkId: string }, input: CampaignInput, extra: { offerOfId?: number; flatDealApplicationId?: number } & SaveAlongside = {}): Promise<CampaignRecord> {
      return db.transaction(async (tx) => {
        const activate = input.model.activate_on_approve !== false;
        const [row] = await tx
          .insert(campaigns)
          .values({
            ...columns(input),
            ...recommended(extra),
            ...cpaStateAfterSave(null, cpaTerms(input), new Date()),
            userId: owner.userId,
            networkId: owner.networkId,
            status: 'paused',
            nextStatus: activate ? 'active' : null,
            offerOfId: extra.offerOfId ?? null,
            flatDealApplicationId: extra.flatDealApplicationId ?? null,
          })
          .returning();
        await tx.insert(campaignApprovals).values({ campaignId: row.id, status: 'pending' });
        await extra.within?.(tx);
        return row;
      });
    },

    /**
     * Saves an edit. Moderation looks again only when what it judged changed (the ad, or targets that differ by
     * `sameTargets`: by value unless the caller says otherwise); price, limits, schedule, name and group keep the
     * current approval. A campaign that stays active gets its reserve again from the saved limits
     * (`reserveAfterEdit`: raised, lowered, capped by the free money), under the lock of the user's row like an
     * activation (probe finding F18). One transaction with what goes `alongside` (SaveAlongside).
     */
    async update(campaign: CampaignRecord, input: CampaignInput, sameTargets: (saved: unknown, sent: unknown) => boolean = jsonEqual, alongside: SaveAlongside = {}): Promise<CampaignRecord> {
      return db.transaction(async (tx) => {
        await lockUser(tx, campaign.userId);
        // The row as it is now: a pause or an approval may have landed since the route read it.
        const now = (await current(tx, campaign.id)) ?? campaign;
        // jsonb keeps its own key order, so compare by value.
        const remoderate = now.adId !== input.adId || !sameTargets(now.model.targets ?? {}, input.model.targets ?? {});
        let state: Partial<CampaignRecord> = {};
        if (now.status === 'active' && remoderate) state = { status: 'paused', nextStatus: 'active', reservedBalance: '0' };
        else if (now.status === 'active') state = { reservedBalance: reserveAfterEdit({ limitType: input.limits.type, dailyLimit: input.limits.daily ?? null }, await available(tx, now.userId, now.id)) };
        const [row] = await tx
          .update(campaigns)
          .set({ ...columns(input), ...recommended(alongside), ...cpaStateAfterSave({ ...now, cpaStatus: now.cpaStatus as CpaStatus, ...cpaTerms(now) }, cpaTerms(input), new Date()), updatedAt: sql`now()`, ...state })
          .where(eq(campaigns.id, campaign.id))
          .returning();
        if (remoderate) await tx.insert(campaignApprovals).values({ campaignId: campaign.id, status: 'pending' });
        await alongside.within?.(tx);
        return row;
      });
    },

    /** The user's campaign (archived ones too: they can be viewed and duplicated). */
    async find(userId: number, id: number): Promise<CampaignRecord | undefined> {
      const [row] = await db.select().from(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)));
      return row;
    },

    /** Any campaign of a network by id (operators). */
    async findInNetwork(networkId: string, id: number): Promise<CampaignRecord | undefined> {
      const [row] = await db.select().from(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.networkId, networkId)));
      return row;
    },

    /** The moderation history, oldest first, with reject causes. */
    async approvals(campaignId: number): Promise<{ approval: CampaignApprovalRow; cause: typeof rejectCauses.$inferSelect | null }[]> {
      const found = await db
        .select()
        .from(campaignApprovals)
        .leftJoin(rejectCauses, eq(rejectCauses.id, campaignApprovals.rejectCauseId))
        .where(eq(campaignApprovals.campaignId, campaignId))
        .orderBy(asc(campaignApprovals.id));
      return found.map((r) => ({ approval: r.campaign_approvals, cause: r.reject_causes }));
    },

    /**
     * Records an operator's decision. Approval starts a campaign whose next status is active (reserving money);
     * rejection and "needs edits" stop it.
     */
    async moderate(campaign: CampaignRecord, input: { status: 'approved' | 'rejected' | 'needs_edits'; rejectCauseId?: number | null; details?: string | null; moderator: string }): Promise<CampaignApprovalRow> {
      return db.transaction(async (tx) => {
        await lockUser(tx, campaign.userId);
        campaign = (await current(tx, campaign.id)) ?? campaign;
        const [approval] = await tx
          .insert(campaignApprovals)
          .values({ campaignId: campaign.id, status: input.status, rejectCauseId: input.rejectCauseId ?? null, details: input.details ?? null, moderator: input.moderator })
          .returning();
        if (input.status === 'approved' && campaign.nextStatus === 'active' && campaign.status !== 'archived') {
          // Without free money the campaign stays paused; the advertiser starts it after adding funds.
          const reserve = reserveFor(campaign, await available(tx, campaign.userId, campaign.id));
          const set = reserve === null ? { nextStatus: null } : { status: 'active' as const, nextStatus: null, reservedBalance: reserve };
          await tx.update(campaigns).set({ ...set, updatedAt: sql`now()` }).where(eq(campaigns.id, campaign.id));
        } else if (input.status !== 'approved' && campaign.status === 'active') {
          await tx.update(campaigns).set({ status: 'paused', nextStatus: 'active', reservedBalance: '0', updatedAt: sql`now()` }).where(eq(campaigns.id, campaign.id));
        }
        return approval;
      });
    },

    /**
     * Applies a bulk action to the user's campaigns (see server/README.md, "Campaign statuses"): activate (paused →
     * active when approved, reserving money; → "starts when approved" while pending), pause (active → paused,
     * releasing the reserve) or delete (→ archived). Answers what changed and why the rest did not.
     */
    async transition(userId: number, ids: number[], action: 'activate' | 'pause' | 'delete'): Promise<{ changed: CampaignRecord[]; skipped: { id: number; reason: SkipReason }[] }> {
      return db.transaction(async (tx) => {
        // Read the campaigns only once the user's row is locked: a concurrent edit or activation has committed by then.
        await lockUser(tx, userId);
        const found = await tx.select().from(campaigns).where(and(eq(campaigns.userId, userId), inArray(campaigns.id, ids))).orderBy(asc(campaigns.id));
        const byId = new Map(found.map((c) => [c.id, c]));
        const changed: CampaignRecord[] = [];
        const skipped: { id: number; reason: SkipReason }[] = [];
        const latest = new Map(
          rows<{ campaign_id: number; status: string }>(
            await tx.execute(sql`select distinct on (campaign_id) campaign_id, status from campaign_approvals where campaign_id in ${ids.length ? ids : [0]} order by campaign_id, id desc`),
          ).map((r) => [r.campaign_id, r.status]),
        );
        // The money not reserved yet, read once (the row is locked) and lowered by each reserve made below.
        let free: string | null = action === 'activate' ? await available(tx, userId, 0) : null;
        for (const id of ids) {
          const c = byId.get(id);
          // Not the user's: the routes answered 404 before (auth/owner.ts mustOwnAll), and nothing else names one.
          if (!c) continue;
          if (c.status === 'archived') {
            skipped.push({ id, reason: 'archived' });
            continue;
          }
          let set: Partial<CampaignRecord> | null = null;
          if (action === 'delete') set = { status: 'archived', nextStatus: null, reservedBalance: '0' };
          else if (action === 'pause') set = c.status === 'active' || c.nextStatus === 'active' ? { status: 'paused', nextStatus: null, reservedBalance: '0' } : null;
          else if (c.status !== 'active') {
            if (datesState(scheduleOf(c.model), new Date()) === 'after') {
              skipped.push({ id, reason: 'finished' });
              continue;
            }
            const approval = latest.get(id);
            if (approval === 'rejected' || approval === 'needs_edits') {
              skipped.push({ id, reason: 'rejected' });
              continue;
            }
            if (approval !== 'approved') set = c.nextStatus === 'active' ? null : { nextStatus: 'active' };
            else {
              const reserve = reserveFor(c, free ?? '0');
              if (reserve === null) {
                skipped.push({ id, reason: 'no_funds' });
                continue;
              }
              free = subtractMoney(free ?? '0', reserve);
              set = { status: 'active', nextStatus: null, reservedBalance: reserve, ...(c.limitExceededName === 'balance' ? { limitExceededName: null, limitExceededType: null } : {}) };
            }
          }
          if (!set) {
            skipped.push({ id, reason: 'unchanged' });
            continue;
          }
          const [row] = await tx.update(campaigns).set({ ...set, updatedAt: sql`now()` }).where(eq(campaigns.id, id)).returning();
          changed.push(row);
        }
        return { changed, skipped };
      });
    },

    /**
     * The balance ran out: every active campaign of the user pauses, releases its reserve and is marked as stopped
     * by the balance (`limit_exceeded_name` balance, type money), so a deposit can restart exactly these.
     * @returns the names of the campaigns stopped.
     */
    async stopForBalance(userId: number): Promise<string[]> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const stopped = await tx
          .update(campaigns)
          .set({ status: 'paused', nextStatus: null, reservedBalance: '0', limitExceededName: 'balance', limitExceededType: 'money', updatedAt: sql`now()` })
          .where(and(eq(campaigns.userId, userId), eq(campaigns.status, 'active')))
          .returning({ name: campaigns.name });
        return stopped.map((c) => c.name);
      });
    },

    /**
     * Money is back: the campaigns the balance stopped start again as an activation would (each reserving money
     * while there is some); the mark is cleared on all of them, so one that could not start waits for its owner.
     */
    async resumeAfterBalance(userId: number): Promise<CampaignRecord[]> {
      const waiting = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.userId, userId), eq(campaigns.status, 'paused'), eq(campaigns.limitExceededName, 'balance')));
      if (waiting.length === 0) return [];
      const ids = waiting.map((c) => c.id);
      const { changed } = await this.transition(userId, ids, 'activate');
      await db
        .update(campaigns)
        .set({ limitExceededName: null, limitExceededType: null })
        .where(and(inArray(campaigns.id, ids), eq(campaigns.limitExceededName, 'balance')));
      return changed;
    },

    async setPrice(campaignId: number, price: string): Promise<CampaignRecord> {
      const [row] = await db
        .update(campaigns)
        .set({ price, updatedAt: sql`now()` })
        .where(eq(campaigns.id, campaignId))
        .returning();
      return row;
    },

    /** Keeps the traffic estimate's recommended price on the campaign (no change of `updated_at`: nobody edited it). */
    async setRecommendedPrice(campaignId: number, price: string | null): Promise<void> {
      await db.update(campaigns).set({ recommendedPrice: price }).where(eq(campaigns.id, campaignId));
    },

    /** Replaces the form's `model` part (targets changed outside the form, e.g. a blacklist from statistics). */
    async setModel(campaignId: number, model: Record<string, unknown>): Promise<CampaignRecord> {
      const [row] = await db.update(campaigns).set({ model: modelOf(model), updatedAt: sql`now()` }).where(eq(campaigns.id, campaignId)).returning();
      return row;
    },

    /** A page of the user's campaign table with the number of matching rows. */
    async table(userId: number, q: CampaignTableQuery, today: string): Promise<{ rows: CampaignRow[]; total: number; filtered: number }> {
      const where: SQL[] = [sql`c.user_id = ${userId}`];
      where.push(q.status?.length ? sql`c.status in ${q.status}` : sql`c.status <> 'archived'`);
      if (q.ad_format?.length) where.push(sql`c.ad_format in ${q.ad_format}`);
      if (q.pricing_model?.length) where.push(sql`c.pricing_model in ${q.pricing_model}`);
      if (q.group_id?.length) where.push(sql`c.group_id in ${q.group_id}`);
      if (q.approval?.length) where.push(sql`ap.status in ${q.approval}`);
      const search = q.search?.trim();
      if (search) {
        const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        // Digits may be an id; a number beyond the id column is searched as text only (comparing it would fail in SQL).
        where.push(/^\d{1,10}$/.test(search) && Number(search) <= 2147483647 ? sql`(c.id = ${Number(search)} or c.name ilike ${like})` : sql`c.name ilike ${like}`);
      }
      const limit = q.per_page === -1 ? sql`` : sql`limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`;
      const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
      const found = rows<CampaignRow & { filtered: number; ad_name: string; group_name: string | null; group_id: number | null; ad_id: number }>(
        await db.execute(sql`
          select c.id, c.name, c.status, c.next_status, ap.status as approval, c.ad_format, c.ad_id, a.name as ad_name,
                 c.group_id, g.name as group_name, c.pricing_model, c.price::text as price, c.limit_type,
                 c.hourly_limit::text as hourly_limit, c.daily_limit::text as daily_limit, c.total_limit::text as total_limit,
                 coalesce(st.spend, 0)::numeric(18,4)::text as spend, coalesce(st.spend_today, 0)::numeric(18,4)::text as spend_today,
                 coalesce(st.impressions, 0)::int as impressions, coalesce(st.clicks, 0)::int as clicks, coalesce(st.conversions, 0)::int as conversions,
                 (st.clicks::float8 / nullif(st.impressions, 0)) as ctr,
                 (st.spend * 1000 / nullif(st.impressions, 0))::numeric(18,4)::text as ecpm, (st.spend / nullif(st.clicks, 0))::numeric(18,4)::text as ecpc,
                 c.reserved_balance::text as reserved_balance, c.limit_exceeded_name, c.limit_exceeded_type,
                 to_char(c.created_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
                 (count(*) over ())::int as filtered
          from campaigns c
          join ads a on a.id = c.ad_id
          left join campaign_groups g on g.id = c.group_id
          left join lateral (select status from campaign_approvals where campaign_id = c.id order by id desc limit 1) ap on true
          left join lateral (
            select sum(spend) as spend, sum(spend) filter (where day = ${today}) as spend_today,
                   sum(impressions) as impressions, sum(clicks) as clicks, sum(conversions) as conversions
            from campaign_stats_daily where campaign_id = c.id) st on true
          where ${sql.join(where, sql` and `)}
          order by ${SORT_SQL[q.sort]} ${direction} nulls last, c.id ${direction}
          ${limit}`),
      );
      const [{ n: total }] = rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from campaigns where user_id = ${userId} and status <> 'archived'`));
      return {
        rows: found.map(({ filtered: _f, ad_id, ad_name, group_id, group_name, ...row }) => ({ ...row, ad: { id: ad_id, name: ad_name }, group: group_id === null ? null : { id: group_id, name: group_name ?? '' } })),
        total,
        filtered: found[0]?.filtered ?? 0,
      };
    },

    /** Statistics per campaign over the days from `since` (inclusive), for every given campaign (zeros without data). */
    async totals(campaignIds: number[], since: string): Promise<Map<number, CampaignTotals>> {
      const out = new Map<number, CampaignTotals>(campaignIds.map((id) => [id, { impressions: 0, clicks: 0, conversions: 0, spend: '0.0000' }]));
      if (!campaignIds.length) return out;
      const found = rows<{ campaign_id: number; impressions: string; clicks: string; conversions: string; spend: string }>(
        await db.execute(sql`
          select campaign_id, sum(impressions)::text as impressions, sum(clicks)::text as clicks, sum(conversions)::text as conversions, sum(spend)::numeric(18,4)::text as spend
          from campaign_stats_daily where campaign_id in ${campaignIds} and day >= ${since} group by campaign_id`),
      );
      for (const r of found) out.set(r.campaign_id, { impressions: Number(r.impressions), clicks: Number(r.clicks), conversions: Number(r.conversions), spend: r.spend });
      return out;
    },

    /** Statistics per day of one campaign from `since`, oldest first. */
    async daily(campaignId: number, since: string): Promise<({ day: string } & CampaignTotals)[]> {
      return rows<{ day: string } & CampaignTotals>(
        await db.execute(sql`
          select day::text as day, impressions::int as impressions, clicks::int as clicks, conversions::int as conversions, spend::numeric(18,4)::text as spend
          from campaign_stats_daily where campaign_id = ${campaignId} and day >= ${since} order by day`),
      );
    },

    /** The user's campaigns (not archived) as id and name, for rule previews and pickers. */
    async names(userId: number): Promise<{ id: number; name: string; status: string }[]> {
      return db.select({ id: campaigns.id, name: campaigns.name, status: campaigns.status }).from(campaigns).where(and(eq(campaigns.userId, userId), sql`${campaigns.status} <> 'archived'`)).orderBy(asc(campaigns.id));
    },

    // Groups

    async group(userId: number, id: number): Promise<CampaignGroupRow | undefined> {
      const [row] = await db.select().from(campaignGroups).where(and(eq(campaignGroups.id, id), eq(campaignGroups.userId, userId)));
      return row;
    },

    /** The user's groups by name, with how many campaigns (not archived) each holds. */
    async groups(userId: number): Promise<{ id: number; name: string; campaigns: number }[]> {
      return rows<{ id: number; name: string; campaigns: number }>(
        await db.execute(sql`
          select g.id, g.name, (select count(*)::int from campaigns c where c.group_id = g.id and c.status <> 'archived') as campaigns
          from campaign_groups g where g.user_id = ${userId} order by lower(g.name), g.id`),
      );
    },

    /** Creates a group; undefined when the user already has one of that name (any case). */
    async createGroup(userId: number, name: string): Promise<CampaignGroupRow | undefined> {
      const [row] = await db.insert(campaignGroups).values({ userId, name }).onConflictDoNothing().returning();
      return row;
    },

    /** Renames a group; undefined when another group of the user has that name. */
    async renameGroup(group: CampaignGroupRow, name: string): Promise<CampaignGroupRow | undefined> {
      const [clash] = rows<{ id: number }>(await db.execute(sql`select id from campaign_groups where user_id = ${group.userId} and lower(name) = lower(${name}) and id <> ${group.id}`));
      if (clash) return undefined;
      const [row] = await db.update(campaignGroups).set({ name }).where(eq(campaignGroups.id, group.id)).returning();
      return row;
    },

    /** Deletes a group; its campaigns stay, without a group. */
    async deleteGroup(groupId: number): Promise<void> {
      await db.delete(campaignGroups).where(eq(campaignGroups.id, groupId));
    },

    /** Which of these ids are the user's campaigns (archived ones too). */
    async ownedIds(userId: number, ids: readonly number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db.select({ id: campaigns.id }).from(campaigns).where(and(eq(campaigns.userId, userId), inArray(campaigns.id, [...ids])));
      return new Set(rows.map((r) => r.id));
    },

    /** Puts the user's campaigns among `ids` into a group (null: out of any group); answers the ids moved. */
    async assignGroup(userId: number, groupId: number | null, ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const moved = await db
        .update(campaigns)
        .set({ groupId, updatedAt: sql`now()` })
        .where(and(eq(campaigns.userId, userId), inArray(campaigns.id, ids)))
        .returning({ id: campaigns.id });
      return moved.map((r) => r.id);
    },

    // Updating rules

    async rules(campaignId: number): Promise<UpdatingRuleRow[]> {
      return db.select().from(campaignUpdatingRules).where(eq(campaignUpdatingRules.campaignId, campaignId)).orderBy(asc(campaignUpdatingRules.id));
    },

    /** A rule of one of the user's campaigns. */
    async rule(userId: number, ruleId: number): Promise<UpdatingRuleRow | undefined> {
      const [row] = await db
        .select({ rule: campaignUpdatingRules })
        .from(campaignUpdatingRules)
        .innerJoin(campaigns, eq(campaigns.id, campaignUpdatingRules.campaignId))
        .where(and(eq(campaignUpdatingRules.id, ruleId), eq(campaigns.userId, userId)));
      return row?.rule;
    },

    async createRule(campaignId: number, rule: Pick<UpdatingRuleRow, 'action' | 'isActive' | 'periodDays' | 'conditions'>): Promise<UpdatingRuleRow> {
      const [row] = await db.insert(campaignUpdatingRules).values({ campaignId, ...rule }).returning();
      return row;
    },

    async updateRule(ruleId: number, rule: Pick<UpdatingRuleRow, 'action' | 'isActive' | 'periodDays' | 'conditions'>): Promise<UpdatingRuleRow> {
      const [row] = await db.update(campaignUpdatingRules).set({ ...rule, updatedAt: sql`now()` }).where(eq(campaignUpdatingRules.id, ruleId)).returning();
      return row;
    },

    async deleteRule(ruleId: number): Promise<void> {
      await db.delete(campaignUpdatingRules).where(eq(campaignUpdatingRules.id, ruleId));
    },

    /**
     * The ids of the rules the hourly job checks at `now`: on, of a campaign that is not deleted, and not resting
     * (a rule that acted rests `period_days` from `last_applied_at`).
     */
    async dueRules(now: Date): Promise<{ id: number; campaignId: number; userId: number }[]> {
      return db
        .select({ id: campaignUpdatingRules.id, campaignId: campaigns.id, userId: campaigns.userId })
        .from(campaignUpdatingRules)
        .innerJoin(campaigns, eq(campaigns.id, campaignUpdatingRules.campaignId))
        .where(and(eq(campaignUpdatingRules.isActive, true), sql`${campaigns.status} <> 'archived'`, ruleIsDue(now)))
        .orderBy(asc(campaignUpdatingRules.id));
    },

    /**
     * The rule, locked until the transaction ends, when it is still due at `now` (the same test as `dueRules`,
     * made again under the lock: a concurrent pass that applied it has committed by then, and this one sees it).
     */
    async lockDueRule(ruleId: number, now: Date): Promise<UpdatingRuleRow | undefined> {
      const [row] = await db
        .select()
        .from(campaignUpdatingRules)
        .where(and(eq(campaignUpdatingRules.id, ruleId), eq(campaignUpdatingRules.isActive, true), ruleIsDue(now)))
        .for('update');
      return row;
    },

    /** What one check of a rule found; `appliedAt` only when its action changed the campaign. */
    async recordRuleRun(ruleId: number, run: { checkedAt: Date; result: NonNullable<UpdatingRuleRow['lastResult']>; reason?: string | null; appliedAt?: Date }): Promise<void> {
      await db
        .update(campaignUpdatingRules)
        .set({ lastCheckedAt: run.checkedAt, lastResult: run.result, lastReason: run.reason ?? null, ...(run.appliedAt ? { lastAppliedAt: run.appliedAt } : {}) })
        .where(eq(campaignUpdatingRules.id, ruleId));
    },

    /** A campaign locked until the transaction ends, so a rule's change does not race the owner's edit. */
    async lockCampaign(campaignId: number): Promise<CampaignRecord | undefined> {
      const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('update');
      return row;
    },

    /**
     * A campaign's sites or spots from `since` (inclusive) by what they cost, costliest first (ties: lower id),
     * from the daily rollup by dimension (statistics tables.ts `stat_daily`); unknown (id 0) and free ones left out.
     */
    async costliest(campaign: Pick<CampaignRecord, 'id' | 'userId'>, kind: 'site' | 'spot', since: string, limit = 1000): Promise<{ id: number; cost: string }[]> {
      // The user's id leads the rollup's key (user_id, dimension, day, campaign_id, value_id).
      return rows<{ id: number; cost: string }>(
        await db.execute(sql`
          select value_id as id, sum(cost)::text as cost from stat_daily
          where user_id = ${campaign.userId} and dimension = ${kind} and day >= ${since} and campaign_id = ${campaign.id} and value_id <> 0
          group by value_id having sum(cost) > 0 order by sum(cost) desc, value_id limit ${limit}`),
      );
    },

    /**
     * The figures the campaign tooltips read, per approved active campaign of the user: impressions in the last 24
     * hours, bids and wins over 3 days, money spent today against a money daily limit (from stat_hourly), and
     * whether the user wants tooltips at all.
     */
    async tooltipFigures(userId: number): Promise<TooltipFigures[]> {
      const result = (await db.execute(sql`
      with active as (
        select c.id, c.name, c.limit_exceeded_name, c.limit_exceeded_type,
               case c.limit_exceeded_name when 'hourly' then c.hourly_limit when 'daily' then c.daily_limit when 'total' then c.total_limit end as exceeded_limit
        from campaigns c
        where c.user_id = ${userId} and c.status = 'active' and (select status from campaign_approvals a where a.campaign_id = c.id order by a.id desc limit 1) = 'approved'
      ),
      recent as (
        select h.campaign_id,
               sum(h.impressions) filter (where h.hour >= now() - interval '24 hours') as impressions_24h,
               sum(h.bids) as bids, sum(h.wins) as wins
        from stat_hourly h where h.user_id = ${userId} and h.hour >= now() - interval '3 days' group by h.campaign_id
      )
      select a.id, a.name, coalesce(r.impressions_24h, 0)::text as impressions_24h, coalesce(r.bids, 0)::text as bids, coalesce(r.wins, 0)::text as wins,
             a.limit_exceeded_name, a.limit_exceeded_type, a.exceeded_limit::text as exceeded_limit,
             (select campaign_tooltips_notifications from users where id = ${userId}) as wanted
      from active a left join recent r on r.campaign_id = a.id order by a.id`)) as unknown as { rows: TooltipFigures[] };
      return result.rows;
    },
  };
}

export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;
