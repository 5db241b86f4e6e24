/**
 * Answers the stories replay, computed by the server's own code when schemas are generated, so a story's fake
 * backend holds no copy of them: `GET settings` of the AdNet demo network (server/settings/globalSettings.ts) at a
 * fixed time, and a slice of its marketplace (the first marketplace sites with their reports, and the flat deals the
 * seed draws for them and for its country groups, as `GET flat-deals` answers each, with the countries they name). Written to generated/stories/;
 * the story-contract test holds the fakes that serve them to the schema.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FlatDeal, Site } from '../generated/types';
import { flatDealJson } from '../server/areas/marketplace/answers';
import type { NetworkConfig } from '../server/config/networkConfig';
import { loadNetworkConfigs } from '../server/config/loadNetworkConfigs';
import { generateFlatDeals } from '../server/demo/flatDeals';
import { countries, type Country } from '../server/reference/countries';
import { sites } from '../server/reference/sites';
import { loadAdFormats } from '../server/settings/adFormats';
import { globalSettings } from '../server/settings/globalSettings';

/** How many marketplace sites the stories show (the server has hundreds). */
const STORY_MARKETPLACE_SITES = 12;

/** The marketplace stories' sites and deals: deals numbered from 1 in the seed's order. */
function marketplaceAnswers(network: NetworkConfig): { sites: Site[]; deals: FlatDeal[]; countries: Country[] } {
  const known = loadAdFormats();
  const formats = network.adFormats.map((id) => known.get(id)).filter((f) => f !== undefined);
  const shown = sites()
    .filter((s) => s.marketplace)
    .slice(0, STORY_MARKETPLACE_SITES);
  const ids = new Set(shown.map((s) => s.id));
  const sizes = (formatId: string): string[] => {
    const schema = JSON.parse(readFileSync(join('schemas', 'ad-formats', formatId, 'creative.schema.json'), 'utf8')) as { properties?: { size?: { enum?: unknown[] } } };
    return (schema.properties?.size?.enum ?? []).filter((v): v is string => typeof v === 'string');
  };
  const context = { currency: network.settings.payments?.currency ?? 'USD', creativeFormats: sizes };
  const deals = generateFlatDeals(sites(), formats)
    .filter((d) => d.siteId === null || ids.has(d.siteId))
    .map((d, i) => flatDealJson({ ...d, id: i + 1, networkId: network.id, createdAt: STORY_TIME }, context));
  return { sites: shown, deals, countries: countries() };
}

/** The stories' clock: every recorded answer is as of this moment. */
export const STORY_TIME = new Date('2025-06-02T09:30:00.000Z');

/** Writes generated/stories/settings.json and marketplace.json (each only when it changed); returns the number of answers. */
export function generateStoryAnswers(out: string): number {
  const adnet = loadNetworkConfigs().find((config) => config.id === 'adnet');
  if (!adnet) throw new Error('The stories replay the adnet network: network-configs/adnet.json is missing');
  const answers = { settings: globalSettings(adnet, loadAdFormats(), STORY_TIME), marketplace: marketplaceAnswers(adnet) };
  const dir = join(out, 'stories');
  mkdirSync(dir, { recursive: true });
  for (const [name, answer] of Object.entries(answers)) {
    const file = join(dir, `${name}.json`);
    const text = `${JSON.stringify(answer, null, 2)}\n`;
    let old = '';
    try {
      old = readFileSync(file, 'utf8');
    } catch {
      // first run
    }
    if (old !== text) writeFileSync(file, text);
  }
  return Object.keys(answers).length;
}
