import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '../paths';
import { createAdsRepository, type ModerationStatus } from '../areas/ads/repository';
import { mediaRefs, splitAdForm } from '../areas/ads/adForm';
import { scanAd } from '../areas/ads/checkAd';
import { DEFAULT_AD_KEYWORDS, keywordMatcher } from '../areas/ads/contentChecks';
import type { Db } from '../db/connect';
import extras from './demoAds.json';
import { demoImageSize, seedDemoImage } from './demoMedia';

type Json = Record<string, unknown>;

/** What moderation did to the demo ads, in turn: a new advertiser sees every approval state in the table. */
const DECISIONS: ({ status: ModerationStatus; cause?: string; details?: string } | null)[] = [
  { status: 'approved' },
  { status: 'rejected', cause: 'Misleading content', details: 'The landing page does not mention the discount the ad promises.' },
  null, // waiting for a campaign: no campaign runs it, so moderation has not got it
  { status: 'needs_edits', details: 'Please use a sharper image and remove the exclamation marks from the title.' },
  { status: 'approved' },
];

type Ref = ReturnType<typeof mediaRefs>[number];

/** Sets the value at a dotted path of the form data (`creatives.0.icon`). */
function setAt(data: Json, path: string, value: number) {
  const keys = path.split('.');
  let node: Record<string, unknown> = data;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys[keys.length - 1]] = value;
}

/**
 * Replaces the media placeholders of an example (every distinct number one image) with generated demo images stored
 * as the user's uploads (demoMedia.ts). Only images are drawn: an example that needs a video or a package is skipped (null).
 */
async function withDemoImages(db: Db, owner: { userId: number; networkId: string }, format: string, data: Json, refs: Ref[]): Promise<Json | null> {
  if (refs.some((r) => r.accept !== 'image')) return null;
  const out = structuredClone(data);
  const made = new Map<number, number>();
  for (const ref of refs) {
    let id = made.get(ref.id);
    if (id === undefined) {
      const field = ref.field.split('.').pop()!;
      const name = `${String(data.name ?? format).toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${field}-${ref.id}.png`;
      id = await seedDemoImage(db, owner, `${format}:${String(data.name)}:${ref.id}`, name, demoImageSize(format, field, data));
      made.set(ref.id, id);
    }
    setAt(out, ref.field, id);
  }
  return out;
}

/**
 * A new demo advertiser's ads: the valid examples (schemas/ad-formats/<id>/examples.json) of every format the
 * network sells, then the format's extra demo ads (demoAds.json), their images generated and stored as the user's
 * uploads (demoMedia.ts; examples that need a video or an HTML package are left out), saved the way POST ads saves
 * them (split, scanned), then moderated in turn (approved, rejected with a cause, waiting for a campaign, needs
 * edits). Runs once, when the user is created.
 */
export async function seedDemoAds(db: Db, owner: { userId: number; networkId: string }, formats: readonly string[], dir = join(paths.schemas, 'ad-formats')): Promise<number> {
  const repository = createAdsRepository(db);
  const causes = new Map((await repository.rejectCauses()).map((c) => [c.name, c.id]));
  const keywords = keywordMatcher(DEFAULT_AD_KEYWORDS);
  const more = extras as unknown as Record<string, Json[] | string>;
  let made = 0;
  for (const format of formats) {
    const folder = join(dir, format);
    if (!existsSync(join(folder, 'examples.json'))) continue;
    const ui = JSON.parse(readFileSync(join(folder, 'creative.ui.json'), 'utf8')) as Json;
    const { valid } = JSON.parse(readFileSync(join(folder, 'examples.json'), 'utf8')) as { valid: { data: Json }[] };
    const own = Array.isArray(more[format]) ? (more[format] as Json[]) : [];
    for (const example of [...valid.map((v) => v.data), ...own]) {
      const data = await withDemoImages(db, owner, format, example, mediaRefs(ui, example));
      if (!data) continue;
      const ad = await repository.create(owner, format, splitAdForm(structuredClone(data)), scanAd(ui, data, keywords));
      const decision = DECISIONS[made % DECISIONS.length];
      made += 1;
      if (!decision) continue;
      await repository.moderate(ad.id, { status: decision.status, rejectCauseId: decision.cause ? causes.get(decision.cause) : null, details: decision.details ?? null, moderator: 'demo seed' });
    }
  }
  return made;
}
