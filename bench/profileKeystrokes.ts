/**
 * Where a keystroke's time goes in the real campaign form (the bench page of campaignBench.ts, unminified): Chromium's
 * sampling profiler while the bench's keys are typed into the name (default) or the site domains, functions by self
 * time. Not part of `npm run bench`; run it by hand when the keystroke figures move:
 *   npx tsx bench/profileKeystrokes.ts [name|domains]
 * "(program)" is the browser's own work (style, layout, paint); the rest is JavaScript.
 */
import { chromium } from 'playwright-core';
import { buildPage, CHROMIUM_ARGS } from './formBench';
import { serveStatic } from './serveStatic';
const field = process.argv[2] === 'domains' ? { sel: '#root_targets_site_domains', home: 'Control+End', keys: '\nads.test' } : { sel: '#root_name', home: 'End', keys: ' week two' };
// Readable function names in the profile.
process.env.BENCH_MINIFY = '0';
const dir = await buildPage('campaign');
const server = await serveStatic(dir);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
await page.goto(`${server.url}?variant=ours`);
await page.waitForFunction(() => (window as { benchReady?: unknown }).benchReady, undefined, { timeout: 180_000 });
await page.waitForTimeout(1000);
const input = page.locator(field.sel);
await input.scrollIntoViewIfNeeded();
await input.click();
await page.keyboard.press(field.home);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.keyboard.type(field.keys, { delay: 60 });
await page.waitForTimeout(800);
const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }[]; samples: number[]; timeDeltas: number[] } };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const n = byId.get(id)!;
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
console.log('total sampled ms', total.toFixed(1));
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(v.toFixed(1).padStart(8), k);
await browser.close();
await server.close();
