/**
 * Answers the stories replay, computed by the server's own code when schemas are generated, so a story's fake
 * backend holds no copy of them: `GET settings` of the AdNet demo network (server/settings/globalSettings.ts) at a
 * fixed time. Written to generated/stories/; the story-contract test holds the fakes that serve it to the schema.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNetworkConfigs } from '../server/config/loadNetworkConfigs';
import { loadAdFormats } from '../server/settings/adFormats';
import { globalSettings } from '../server/settings/globalSettings';

/** The stories' clock: every recorded answer is as of this moment. */
export const STORY_TIME = new Date('2025-06-02T09:30:00.000Z');

/** Writes generated/stories/settings.json (only when it changed); returns the number of answers. */
export function generateStoryAnswers(out: string): number {
  const adnet = loadNetworkConfigs().find((config) => config.id === 'adnet');
  if (!adnet) throw new Error('The stories replay the adnet network: network-configs/adnet.json is missing');
  const answers = { settings: globalSettings(adnet, loadAdFormats(), STORY_TIME) };
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
