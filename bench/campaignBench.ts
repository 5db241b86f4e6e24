/**
 * The real campaign form (`campaigns_campaign`, every target shown and open, 200 countries / 2,000 cities / 1,000
 * device models selected) through the engine vs plain RJSF on the same schema, in Chromium, alternating runs: mount
 * time, DOM nodes, and the worst keystroke (Event Timing) typing into the campaign name, and into a text field deep
 * in the targets (the site target's domains). Each field is typed on a freshly loaded form, as a user who opens the
 * form and edits that field first: the first keystrokes after mount are the slow ones (cold code), so typing one
 * field after the other would flatter the second.
 */
import { chromium, type Browser } from 'playwright-core';
import { buildPage, CHROMIUM_ARGS, observeEventTimings } from './formBench';
import { serveStatic } from './serveStatic';
import { median } from './stats';

type Variant = 'ours' | 'plain';

/** The typed fields: where, what is pressed first to get to the end of its text, what is typed and what it shows. */
const FIELDS = [
  { key: 'name', selector: '#root_name', home: 'End', keys: ' week two', shows: ' week two' },
  { key: 'domains', selector: '#root_targets_site_domains', home: 'Control+End', keys: '\nads.test', shows: 'ads.test' },
] as const;
type Field = (typeof FIELDS)[number];
export type FieldKey = Field['key'];

/** Keystrokes typed per field (all of them for ours). */
export const KEYS_PER_FIELD = Math.min(...FIELDS.map((f) => f.keys.length));

/** One page load of one variant, typed into one field. */
export interface CampaignRun {
  variant: Variant;
  field: FieldKey;
  mountMs: number;
  /** From render() to the first commit (before the lookups' answers came in). */
  commitMs: number;
  domNodes: number;
  /** Worst Event Timing duration of the typing; 0 when every keystroke took under 16 ms. */
  worstKeyMs: number;
}

/** What the page reports besides the numbers (first load of each variant). */
export interface CampaignNotes {
  requests: string[];
  refused: string[];
  missing: string[];
  enumSizes: Record<string, number>;
  unlabelledTags: number;
}

interface Ready {
  mountMs: number;
  commitMs: number;
  requests: string[];
  refused: string[];
  missing: string[];
  enumSizes: Record<string, number>;
}

async function runOnce(browser: Browser, url: string, variant: Variant, field: Field, keyCount: number): Promise<{ run: CampaignRun; notes: CampaignNotes }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`  ${variant} page error: ${error.message}`));
    await page.addInitScript(observeEventTimings);
    await page.goto(`${url}?variant=${variant}`);
    await page.waitForFunction(() => (window as { benchReady?: unknown }).benchReady, undefined, { timeout: 180_000 });
    const ready = await page.evaluate(() => (window as unknown as { benchReady: Ready }).benchReady);
    await page.waitForTimeout(500);
    const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    // A selected id whose tag still shows the id instead of a name: its label never arrived.
    const unlabelledTags = await page.evaluate(
      () => [...document.querySelectorAll('.ap-lookup-tags [data-value]')].filter((tag) => tag.textContent === tag.getAttribute('data-value')).length,
    );

    const keys = field.keys.slice(0, keyCount);
    const input = page.locator(field.selector);
    await input.scrollIntoViewIfNeeded();
    await input.click();
    await page.keyboard.press(field.home);
    await page.evaluate(() => ((window as unknown as { eventDurations: number[] }).eventDurations = []));
    await page.keyboard.type(keys, { delay: 60 });
    await page.waitForTimeout(1500);
    const durations = await page.evaluate(() => (window as unknown as { eventDurations: number[] }).eventDurations);
    const value = await input.inputValue();
    const expected = field.shows.slice(0, keys.length - (field.keys.length - field.shows.length));
    if (!value.endsWith(expected)) throw new Error(`${variant}: typing did not reach ${field.selector} (value ends: ${JSON.stringify(value.slice(-40))})`);
    // Event Timing reports only events of 16 ms or more: none means every keystroke was faster than that.
    const worstKeyMs = durations.length ? Math.max(...durations) : 0;
    return {
      run: { variant, field: field.key, mountMs: ready.mountMs, commitMs: ready.commitMs, domNodes, worstKeyMs },
      notes: { requests: ready.requests, refused: ready.refused, missing: ready.missing, enumSizes: ready.enumSizes, unlabelledTags },
    };
  } finally {
    await context.close();
  }
}

export interface CampaignBenchOptions {
  rounds: number;
  /** Keystrokes per field for plain RJSF (each takes about a second); ours types every key of each field. */
  plainKeys: number;
  executablePath: string;
}

/**
 * Builds the page and runs `rounds` rounds; a round loads each variant once per field, variants alternating
 * (ours first in even rounds). Returns every load and the page notes.
 */
export async function campaignBench({ rounds, plainKeys, executablePath }: CampaignBenchOptions) {
  const dir = await buildPage('campaign');
  const server = await serveStatic(dir);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const runs: CampaignRun[] = [];
  const notes: Partial<Record<Variant, CampaignNotes>> = {};
  try {
    for (let r = 0; r < rounds; r++) {
      const order: Variant[] = r % 2 ? ['plain', 'ours'] : ['ours', 'plain'];
      for (const field of FIELDS) {
        for (const variant of order) {
          const { run, notes: seen } = await runOnce(browser, server.url, variant, field, variant === 'plain' ? plainKeys : Infinity);
          runs.push(run);
          notes[variant] ??= seen;
          console.log(
            `  ${variant.padEnd(5)} mount ${run.mountMs.toFixed(0).padStart(6)} ms (first commit ${run.commitMs.toFixed(0).padStart(5)} ms)  nodes ${String(run.domNodes).padStart(6)}  worst key ${run.worstKeyMs.toFixed(0).padStart(5)} ms typing into ${run.field}`,
          );
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return { runs, notes };
}

/** The lowest and highest of a list, as `lo–hi`. */
export function range(values: number[]): string {
  return `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
}

/** Medians per variant: mount and nodes over every load, the worst keystroke per typed field. */
export function summarizeCampaign(runs: CampaignRun[]) {
  const of = (variant: Variant) => {
    const mine = runs.filter((r) => r.variant === variant);
    const key = (field: FieldKey) => median(mine.filter((r) => r.field === field).map((r) => r.worstKeyMs));
    return { mountMs: median(mine.map((r) => r.mountMs)), domNodes: median(mine.map((r) => r.domNodes)), keyName: key('name'), keyDomains: key('domains') };
  };
  return { ours: of('ours'), plain: of('plain') };
}
