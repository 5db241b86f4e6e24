import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { testDatabase } from '../../tests/api/testDatabase';
import type { Database } from '../db/connect';
import { createAdsRepository } from '../areas/ads/repository';
import { campaignForm } from '../areas/campaigns/answers';
import { createCampaignsRepository } from '../areas/campaigns/repository';
import { SchemaCatalog } from '../../engine/schema/SchemaCatalog';
import { schemaLoaders } from '../../generated/catalog';
import { seed } from './seed';
import { notifications, users } from '../db/schema';
import { loadAdFormats } from '../settings/adFormats';
import extras from './demoAds.json';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
  await database.migrate();
});
afterAll(() => database?.close());

describe('demo ads', () => {
  it('gives the marked demo advertiser ads of the formats its network sells, in every approval state, once', async () => {
    const formats = ['popunder', 'direct-link', 'web-push', 'gallery'];
    await seed(database.db, ['adnet'], { demoAds: { adnet: formats } });
    await seed(database.db, ['adnet'], { demoAds: { adnet: formats } });
    const [alex] = await database.db.select().from(users).where(eq(users.email, 'advertiser@adnet.test'));
    const [company] = await database.db.select().from(users).where(eq(users.email, 'company@adnet.test'));
    const ads = createAdsRepository(database.db);
    const table = await ads.table(alex.id, { page: 1, per_page: -1, sort: 'id', order: 'asc' });
    // Every example, images drawn for their uploads (demoMedia.ts), then the extra push ads (demoAds.json): popunder 2,
    // direct link 2 (one with an icon), web push 1 + 2, gallery 1.
    expect(table.rows.map((r) => r.format)).toEqual(['popunder', 'popunder', 'direct-link', 'direct-link', 'web-push', 'web-push', 'web-push', 'gallery']);
    expect(table.rows.map((r) => r.approval)).toEqual(['approved', 'rejected', null, 'needs_edits', 'approved', 'approved', 'rejected', null]);
    expect(table.rows[1].reject_cause).toBe('Misleading content');
    expect((await ads.table(company.id, { page: 1, per_page: -1, sort: 'id', order: 'asc' })).filtered).toBe(0);
    // Two whole seeds: ~20 s alone on PGlite, more when CI builds Storybook beside the suite.
  }, 90_000);
});

describe('the extra demo ads', () => {
  it('are valid ads of their formats (their media numbers stand for the images the seed draws)', async () => {
    const catalog = new SchemaCatalog(schemaLoaders);
    const formats = loadAdFormats();
    for (const [format, ads] of Object.entries(extras)) {
      if (!Array.isArray(ads)) continue;
      const form = await catalog.load(formats.get(format)!.schema_id);
      for (const ad of ads) expect(form.validate(ad), `${format} ${ad.name}: ${JSON.stringify(form.validate.errors)}`).toBe(true);
    }
  });
});

describe('demo campaigns', () => {
  it('are valid campaign forms over the approved demo ads, in every state, with statistics for those that ran', async () => {
    const catalog = new SchemaCatalog(schemaLoaders);
    const form = await catalog.load('campaigns_campaign');
    const [alex] = await database.db.select().from(users).where(eq(users.email, 'advertiser@adnet.test'));
    const campaigns = createCampaignsRepository(database.db);
    const table = await campaigns.table(alex.id, { page: 1, per_page: -1, sort: 'id', order: 'asc' }, '2000-01-01');
    expect(table.rows.map((r) => [r.name, r.status, r.approval])).toEqual([
      ['Europe · evergreen', 'active', 'approved'],
      ['US and Canada · mobile', 'active', 'approved'],
      ['Germany · weekends', 'paused', 'approved'],
      ['Worldwide test', 'paused', 'pending'],
      ['Crypto giveaway', 'paused', 'rejected'],
    ]);
    for (const row of table.rows) {
      const saved = await campaigns.find(alex.id, row.id);
      expect(form.validate(campaignForm(saved!)), `${row.name}: ${JSON.stringify(form.validate.errors)}`).toBe(true);
    }
    expect(table.rows.filter((r) => r.spend !== '0.0000').map((r) => r.name)).toEqual(['Europe · evergreen', 'US and Canada · mobile', 'Germany · weekends']);
    expect((await campaigns.groups(alex.id)).map((g) => [g.name, g.campaigns])).toEqual([['Europe', 2]]);
  });
});

describe('demo notifications', () => {
  it('are about the advertiser’s own seeded ads, campaigns and account, never about objects that do not exist', async () => {
    const [alex] = await database.db.select().from(users).where(eq(users.email, 'advertiser@adnet.test'));
    const [company] = await database.db.select().from(users).where(eq(users.email, 'company@adnet.test'));
    const mine = await database.db.select().from(notifications).where(eq(notifications.userId, alex.id));
    expect(mine.map((n) => n.type).sort()).toEqual(['ad_approved', 'ad_needs_edits', 'ad_rejected', 'campaign_approved', 'campaign_paused_activated', 'campaign_rejected', 'user_email_confirmed']);
    for (const n of mine.filter((n) => n.entityId !== null)) {
      const table = n.entityType === 'ad' ? 'ads' : 'campaigns';
      const { rows } = (await database.db.execute(sql`select name from ${sql.identifier(table)} where id = ${n.entityId} and user_id = ${alex.id}`)) as unknown as { rows: { name: string }[] };
      expect(rows, `${n.type} #${n.entityId}`).toHaveLength(1);
      expect(Object.values(n.params as Record<string, string>)).toContain(rows[0].name);
    }
    // No ads or campaigns: only what is true of the account (an invoice, the confirmed address).
    const theirs = await database.db.select().from(notifications).where(eq(notifications.userId, company.id));
    expect(theirs.every((n) => n.entityType === null || n.entityType === 'invoice')).toBe(true);
  });
});
