import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '../paths';
import { createAdsRepository, type ModerationStatus } from '../areas/ads/repository';
import { mediaRefs, splitAdForm } from '../areas/ads/adForm';
import { scanAd } from '../areas/ads/checkAd';
import { DEFAULT_AD_KEYWORDS, keywordMatcher } from '../areas/ads/contentChecks';
import type { Db } from '../db/connect';

type Json = Record<string, unknown>;

/** What moderation did to the demo ads, in turn: a new advertiser sees every approval state in the table. */
const DECISIONS: ({ status: ModerationStatus; cause?: string; details?: string } | null)[] = [
  { status: 'approved' },
  { status: 'rejected', cause: 'Misleading content', details: 'The landing page does not mention the discount the ad promises.' },
  null, // waiting for a campaign: no campaign runs it, so moderation has not got it
  { status: 'needs_edits', details: 'Please use a sharper image and remove the exclamation marks from the title.' },
  { status: 'approved' },
];

/**
 * A new demo advertiser's ads: the valid examples (schemas/ad-formats/<id>/examples.json) of every format the
 * network sells that need no upload, saved the way POST ads saves them (split, scanned), then moderated in
 * turn (approved, rejected with a cause, waiting for a campaign, needs edits). Runs once, when the user is created.
 */
export async function seedDemoAds(db: Db, owner: { userId: number; networkId: string }, formats: readonly string[], dir = join(paths.schemas, 'ad-formats')): Promise<number> {
  const repository = createAdsRepository(db);
  const causes = new Map((await repository.rejectCauses()).map((c) => [c.name, c.id]));
  const keywords = keywordMatcher(DEFAULT_AD_KEYWORDS);
  let made = 0;
  for (const format of formats) {
    const folder = join(dir, format);
    if (!existsSync(join(folder, 'examples.json'))) continue;
    const ui = JSON.parse(readFileSync(join(folder, 'creative.ui.json'), 'utf8')) as Json;
    const { valid } = JSON.parse(readFileSync(join(folder, 'examples.json'), 'utf8')) as { valid: { data: Json }[] };
    for (const { data } of valid) {
      if (mediaRefs(ui, data).length) continue; // placeholders, not real uploads
      const ad = await repository.create(owner, format, splitAdForm(structuredClone(data)), scanAd(ui, data, keywords));
      const decision = DECISIONS[made % DECISIONS.length];
      made += 1;
      if (!decision) continue;
      await repository.moderate(ad.id, { status: decision.status, rejectCauseId: decision.cause ? causes.get(decision.cause) : null, details: decision.details ?? null, moderator: 'demo seed' });
    }
  }
  return made;
}
