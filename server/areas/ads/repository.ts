import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AdRow, AdsTableQuery, QueuedAd } from '../../../generated/types';
import type { Db } from '../../db/connect';
import { intArray } from '../../db/sqlArrays';
import { mediaFiles } from '../media/tables';
import { adApprovals, adCreatives, ads, adScanReports, rejectCauses } from './tables';
import type { AdInput } from './adForm';
import type { Finding } from './contentChecks';
import type { CreativeShown } from './rotation';

export type AdRecord = typeof ads.$inferSelect;
export type CreativeRow = typeof adCreatives.$inferSelect;
export type ApprovalRow = typeof adApprovals.$inferSelect;
export type RejectCauseRow = typeof rejectCauses.$inferSelect;
export type ScanReportRow = typeof adScanReports.$inferSelect;

/** Approval statuses an operator can set. */
export type ModerationStatus = 'approved' | 'rejected' | 'needs_edits';

/** What the ad table may be filtered and sorted by (schemas/ads/ads-table.query.schema.json), with the schema's defaults applied. */
export type AdTableQuery = AdsTableQuery & Required<Pick<AdsTableQuery, 'page' | 'per_page' | 'sort' | 'order'>>;

/** The scan's outcome, saved with every save of an ad. */
export interface ScanResult {
  verdict: 'clean' | 'warning' | 'blocked';
  findings: Finding[];
}

const SORT_SQL: Record<AdTableQuery['sort'], SQL> = {
  id: sql`a.id`,
  name: sql`lower(a.name)`,
  format: sql`a.format`,
  status: sql`a.status`,
  approval: sql`coalesce(ap.status, '')`,
  size: sql`coalesce(a.size, '')`,
  created_at: sql`a.created_at`,
  campaigns: sql`(select count(*) from campaigns c where c.ad_id = a.id and c.status <> 'archived')`,
};

/** Ads, their creatives, moderation history and scan reports. Every read is scoped to the owner. */
export function createAdsRepository(db: Db) {
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

  async function writeCreatives(tx: Tx, adId: number, input: AdInput) {
    const list = input.creatives ?? [];
    const existing = await tx.select({ id: adCreatives.id }).from(adCreatives).where(eq(adCreatives.adId, adId));
    const known = new Set(existing.map((c) => c.id));
    const kept = new Set<number>();
    for (const [position, creative] of list.entries()) {
      if (creative.id !== undefined && known.has(creative.id)) {
        kept.add(creative.id);
        await tx.update(adCreatives).set({ position, isActive: creative.isActive, data: creative.data }).where(eq(adCreatives.id, creative.id));
      } else {
        // An id of another ad (or a duplicate's source) is not this ad's creative: it becomes a new one.
        await tx.insert(adCreatives).values({ adId, position, isActive: creative.isActive, data: creative.data });
      }
    }
    const gone = [...known].filter((id) => !kept.has(id));
    if (gone.length) await tx.delete(adCreatives).where(and(eq(adCreatives.adId, adId), inArray(adCreatives.id, gone)));
  }

  /** Records the scan; a blocked ad is rejected at once, an unsubmitted one waits (no approval), anything else goes to moderation. */
  async function review(tx: Tx, adId: number, scan: ScanResult, systemCauseId: number | null, submit: boolean) {
    await tx.insert(adScanReports).values({ adId, verdict: scan.verdict, findings: scan.findings });
    if (scan.verdict === 'blocked') {
      const details = scan.findings.filter((f) => f.severity === 'blocked').map((f) => f.detail).join(' ');
      await tx.insert(adApprovals).values({ adId, status: 'rejected', rejectCauseId: systemCauseId, details, moderator: null });
    } else if (submit) {
      await tx.insert(adApprovals).values({ adId, status: 'pending', moderator: null });
    }
  }

  /** The reject cause the automatic scan uses (is_system), created on first use. */
  async function systemCause(tx: Tx): Promise<number> {
    const [found] = await tx.select({ id: rejectCauses.id }).from(rejectCauses).where(eq(rejectCauses.isSystem, true)).limit(1);
    if (found) return found.id;
    const [row] = await tx
      .insert(rejectCauses)
      .values({ name: 'Automatic content check', details: 'The automatic check found content that is not allowed. See the scan report.', isSystem: true })
      .returning({ id: rejectCauses.id });
    return row.id;
  }

  return {
    /**
     * Sends the user's ads that wait for a campaign (live, never submitted) and that a campaign now runs to moderation
     * (all of them, or those of `adIds`); returns how many. Called when a campaign is saved (in the save's own
     * transaction, `executor`: a crash never leaves a campaign whose ad moderation never gets) and when the owner's
     * e-mail is confirmed.
     */
    async submitDrafts(userId: number, adIds?: readonly number[], executor: Pick<Db, 'execute'> = db): Promise<number> {
      const only = adIds ? sql`and a.id = any(${intArray(adIds)})` : sql``;
      const drafts = (await executor.execute(sql`
        insert into ad_approvals (ad_id, status)
        select a.id, 'pending' from ads a
        where a.user_id = ${userId} and a.status <> 'archived' ${only}
          and not exists (select 1 from ad_approvals ap where ap.ad_id = a.id)
          and exists (select 1 from campaigns c where c.ad_id = a.id and c.status <> 'archived')
        returning ad_id`)) as unknown as { rows: unknown[] };
      return drafts.rows.length;
    },

    /** Whether moderation knows the ad already (it has an approval) or a campaign runs it: an edit goes to moderation then. */
    async inModeration(adId: number): Promise<boolean> {
      const result = (await db.execute(sql`
        select exists (select 1 from ad_approvals where ad_id = ${adId})
            or exists (select 1 from campaigns where ad_id = ${adId} and status <> 'archived') as known`)) as unknown as { rows: { known: boolean }[] };
      return result.rows[0]?.known === true;
    },

    /**
     * Creates an ad with its creatives and its scan report. It waits for a campaign (no approval) until a campaign runs
     * it and its owner's e-mail is confirmed (`submitDrafts`), unless the scan blocked it: then it is rejected at once.
     */
    async create(owner: { userId: number; networkId: string }, format: string, input: AdInput, scan: ScanResult): Promise<AdRecord> {
      return db.transaction(async (tx) => {
        const [ad] = await tx
          .insert(ads)
          .values({ userId: owner.userId, networkId: owner.networkId, format, name: input.name, size: input.size, model: input.model, status: 'created' })
          .returning();
        await writeCreatives(tx, ad.id, input);
        await review(tx, ad.id, scan, scan.verdict === 'blocked' ? await systemCause(tx) : null, false);
        return ad;
      });
    },

    /** Saves an edit: the fields, the creatives (matched by id), and a new review (`submit`: to moderation; otherwise it keeps waiting). */
    async update(ad: AdRecord, input: AdInput, scan: ScanResult, { submit = true } = {}): Promise<AdRecord> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(ads)
          .set({ name: input.name, size: input.size, model: input.model, updatedAt: sql`now()` })
          .where(eq(ads.id, ad.id))
          .returning();
        await writeCreatives(tx, ad.id, input);
        await review(tx, ad.id, scan, scan.verdict === 'blocked' ? await systemCause(tx) : null, submit);
        return row;
      });
    },

    /** The user's ad, unless archived. */
    async find(userId: number, id: number): Promise<AdRecord | undefined> {
      const [row] = await db.select().from(ads).where(and(eq(ads.id, id), eq(ads.userId, userId), ne(ads.status, 'archived')));
      return row;
    },

    /** The user's ad, archived or not (a campaign keeps showing the ad it ran). */
    async findAny(userId: number, id: number): Promise<AdRecord | undefined> {
      const [row] = await db.select().from(ads).where(and(eq(ads.id, id), eq(ads.userId, userId)));
      return row;
    },

    /** Any ad of a network by id (operators). */
    async findInNetwork(networkId: string, id: number): Promise<AdRecord | undefined> {
      const [row] = await db.select().from(ads).where(and(eq(ads.id, id), eq(ads.networkId, networkId)));
      return row;
    },

    async creatives(adId: number): Promise<CreativeRow[]> {
      return db.select().from(adCreatives).where(eq(adCreatives.adId, adId)).orderBy(asc(adCreatives.position), asc(adCreatives.id));
    },

    /** The moderation history, oldest first, with reject causes. */
    async approvals(adId: number): Promise<{ approval: ApprovalRow; cause: RejectCauseRow | null }[]> {
      const rows = await db
        .select()
        .from(adApprovals)
        .leftJoin(rejectCauses, eq(rejectCauses.id, adApprovals.rejectCauseId))
        .where(eq(adApprovals.adId, adId))
        .orderBy(asc(adApprovals.id));
      return rows.map((r) => ({ approval: r.ad_approvals, cause: r.reject_causes }));
    },

    async scanReports(adId: number): Promise<ScanReportRow[]> {
      return db.select().from(adScanReports).where(eq(adScanReports.adId, adId)).orderBy(desc(adScanReports.id));
    },

    /** Switches one creative; answers the new row, undefined when the ad has no such creative. */
    async setCreativeActive(adId: number, creativeId: number, isActive: boolean): Promise<CreativeRow | undefined> {
      const [row] = await db.update(adCreatives).set({ isActive }).where(and(eq(adCreatives.adId, adId), eq(adCreatives.id, creativeId))).returning();
      return row;
    },

    /** Archives an ad (hidden from the advertiser; kept for campaigns and statistics). */
    async archive(adId: number): Promise<void> {
      await db.update(ads).set({ status: 'archived', updatedAt: sql`now()` }).where(eq(ads.id, adId));
    },

    /** Records an operator's decision (the ad counts as updated). */
    async moderate(adId: number, input: { status: ModerationStatus; rejectCauseId?: number | null; details?: string | null; moderator: string }): Promise<ApprovalRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(adApprovals)
          .values({ adId, status: input.status, rejectCauseId: input.rejectCauseId ?? null, details: input.details ?? null, moderator: input.moderator })
          .returning();
        await tx.update(ads).set({ updatedAt: sql`now()` }).where(eq(ads.id, adId));
        return row;
      });
    },

    /** Ads of a network whose latest approval is pending, oldest first (the moderators' queue). */
    async moderationQueue(networkId: string): Promise<QueuedAd[]> {
      const result = (await db.execute(sql`
        select a.id, a.name, a.format, a.user_id, to_char(a.created_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
        from ads a
        join lateral (select status from ad_approvals where ad_id = a.id order by id desc limit 1) ap on true
        where a.network_id = ${networkId} and a.status <> 'archived' and ap.status = 'pending'
        order by a.id`)) as unknown as { rows: QueuedAd[] };
      return result.rows;
    },

    async rejectCauses(): Promise<RejectCauseRow[]> {
      return db.select().from(rejectCauses).orderBy(asc(rejectCauses.id));
    },

    /** A page of the user's ad table (schemas/ads/ad-row.answer.schema.json) with the number of matching rows. */
    async table(userId: number, q: AdTableQuery): Promise<{ rows: AdRow[]; total: number; filtered: number }> {
      const where: SQL[] = [sql`a.user_id = ${userId}`];
      where.push(q.status?.length ? sql`a.status in ${q.status}` : sql`a.status <> 'archived'`);
      if (q.format?.length) where.push(sql`a.format in ${q.format}`);
      if (q.approval?.length) {
        const named = q.approval.filter((s) => s !== 'none');
        const parts: SQL[] = [];
        if (named.length) parts.push(sql`ap.status in ${named}`);
        if (q.approval.includes('none')) parts.push(sql`ap.status is null`);
        where.push(sql`(${sql.join(parts, sql` or `)})`);
      }
      const search = q.search?.trim();
      if (search) {
        const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        // Digits may be an id; a number beyond the id column is searched as text only (comparing it would fail in SQL).
        where.push(/^\d{1,10}$/.test(search) && Number(search) <= 2147483647 ? sql`(a.id = ${Number(search)} or a.name ilike ${like})` : sql`a.name ilike ${like}`);
      }
      const limit = q.per_page === -1 ? sql`` : sql`limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`;
      const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
      const result = (await db.execute(sql`
        select a.id, a.name, a.format, a.status, a.size,
               to_char(a.created_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
               ap.status as approval, rc.name as reject_cause,
               (select count(*)::int from ad_creatives c where c.ad_id = a.id) as creatives,
               (select count(*)::int from ad_creatives c where c.ad_id = a.id and c.is_active) as active_creatives,
               (select count(*)::int from campaigns c where c.ad_id = a.id and c.status <> 'archived') as campaigns,
               (count(*) over ())::int as filtered
        from ads a
        left join lateral (select status, reject_cause_id from ad_approvals where ad_id = a.id order by id desc limit 1) ap on true
        left join reject_causes rc on rc.id = ap.reject_cause_id
        where ${sql.join(where, sql` and `)}
        order by ${SORT_SQL[q.sort]} ${direction}, a.id ${direction}
        ${limit}`)) as unknown as { rows: (AdRow & { filtered: number })[] };
      const [{ n: total }] = (
        (await db.execute(sql`select count(*)::int as n from ads where user_id = ${userId} and status <> 'archived'`)) as unknown as { rows: { n: number }[] }
      ).rows;
      const filtered = result.rows[0]?.filtered ?? 0;
      return { rows: result.rows.map(({ filtered: _f, ...row }) => row), total, filtered };
    },

    /** The user's ads for pickers (campaign form), newest first, optionally of some formats. */
    async list(userId: number, formats?: string[]): Promise<Pick<AdRecord, 'id' | 'name' | 'format' | 'size' | 'createdAt'>[]> {
      const conditions = [eq(ads.userId, userId), ne(ads.status, 'archived')];
      if (formats?.length) conditions.push(inArray(ads.format, formats));
      return db.select({ id: ads.id, name: ads.name, format: ads.format, size: ads.size, createdAt: ads.createdAt }).from(ads).where(and(...conditions)).orderBy(desc(ads.id));
    },

    /** The campaigns (not archived) that run an ad, by id. */
    async campaignsOf(adId: number): Promise<{ id: number; name: string }[]> {
      return (
        (await db.execute(sql`select id, name from campaigns where ad_id = ${adId} and status <> 'archived' order by id`)) as unknown as { rows: { id: number; name: string }[] }
      ).rows;
    },

    /**
     * What each creative of the ad has shown in the campaigns that run it (impressions, clicks), and when the first
     * impression came (ms), which smart rotation compares (rotation.ts).
     */
    async creativesShown(adId: number): Promise<{ shown: CreativeShown[]; since: number | null }> {
      const result = (await db.execute(sql`
        select h.creative_id, sum(h.impressions)::text as impressions, sum(h.clicks)::text as clicks, min(h.hour) as since
        from stat_hourly h join campaigns c on c.id = h.campaign_id and c.user_id = h.user_id
        where c.ad_id = ${adId} and h.impressions > 0
        group by h.creative_id`)) as unknown as { rows: { creative_id: number; impressions: string; clicks: string; since: string | Date }[] };
      const rows = result.rows;
      return {
        shown: rows.map((r) => ({ creativeId: r.creative_id, impressions: Number(r.impressions), clicks: Number(r.clicks) })),
        since: rows.length ? Math.min(...rows.map((r) => new Date(r.since).getTime())) : null,
      };
    },

    /** The media files of a user among `ids`, by id (to check references and resolve previews). */
    async media(userId: number, ids: number[]): Promise<Map<number, typeof mediaFiles.$inferSelect>> {
      if (!ids.length) return new Map();
      const rows = await db.select().from(mediaFiles).where(and(eq(mediaFiles.userId, userId), inArray(mediaFiles.id, ids)));
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}

export type AdsRepository = ReturnType<typeof createAdsRepository>;
