/**
 * Form engine vs plain RJSF, in Chromium, alternating runs: mount time, DOM nodes, worst keystroke latency
 * (Event Timing). Plain RJSF gets the big lists as enums with the default Ajv validator; ours gets them
 * through option sources and virtualized lookup widgets.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { chromium, type Browser } from 'playwright-core';
import { serveStatic } from './serveStatic';
import { median } from './stats';

const root = fileURLToPath(new URL('..', import.meta.url));
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const KEYS = 'campaign a';

export interface FormRun {
  variant: 'ours' | 'plain';
  mountMs: number;
  domNodes: number;
  worstKeyMs: number;
}

/** Builds one benchmark page (`bench/<name>/index.html`) into `bench/dist/<name>`; returns the folder. */
export async function buildPage(name = 'form') {
  const outDir = join(root, 'bench', 'dist', name);
  await build({
    configFile: false,
    root: join(root, 'bench', name),
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 5000, minify: process.env.BENCH_MINIFY !== '0' },
  });
  return outDir;
}

/** Page init script: every Event Timing entry of 16 ms or more lands in `window.eventDurations`. */
export function observeEventTimings() {
  const w = window as unknown as { eventDurations: number[] };
  w.eventDurations = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.eventDurations.push(entry.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

async function runOnce(browser: Browser, url: string, variant: FormRun['variant']): Promise<FormRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  ${variant} page error: ${error.message}`));
  await page.addInitScript(observeEventTimings);
  await page.goto(`${url}?variant=${variant}`);
  await page.waitForFunction(() => (window as { benchReady?: unknown }).benchReady, undefined, { timeout: 180_000 });
  // Mount: from render() until the first paint after every widget's code and every lookup's labels are in.
  const mountMs = await page.evaluate(() => (window as unknown as { benchReady: { mountMs: number } }).benchReady.mountMs);
  await page.waitForTimeout(500);
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  const input = page.locator('#root_s20_name');
  await input.scrollIntoViewIfNeeded();
  await input.click();
  await page.keyboard.press('End');
  await page.evaluate(() => ((window as unknown as { eventDurations: number[] }).eventDurations = []));
  await page.keyboard.type(KEYS, { delay: 60 });
  await page.waitForTimeout(1500);
  const durations = await page.evaluate(() => (window as unknown as { eventDurations: number[] }).eventDurations);
  const typed = await input.inputValue();
  if (!typed.endsWith(KEYS)) throw new Error(`${variant}: typing did not reach the field (value: ${typed})`);
  await context.close();
  // Event Timing reports only events of 16 ms or more: none means every keystroke was faster than that.
  return { variant, mountMs, domNodes, worstKeyMs: durations.length ? Math.max(...durations) : 0 };
}

/** Builds the page, runs both variants `rounds` times each in alternation, and returns every run. */
export async function formBench(rounds: number, executablePath: string): Promise<FormRun[]> {
  const dir = await buildPage();
  const server = await serveStatic(dir);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const runs: FormRun[] = [];
  try {
    for (let r = 0; r < rounds; r++) {
      const order: FormRun['variant'][] = r % 2 ? ['plain', 'ours'] : ['ours', 'plain'];
      for (const variant of order) {
        const run = await runOnce(browser, server.url, variant);
        runs.push(run);
        console.log(`  ${variant.padEnd(5)} mount ${run.mountMs.toFixed(0).padStart(6)} ms  nodes ${String(run.domNodes).padStart(6)}  worst key ${run.worstKeyMs.toFixed(0).padStart(5)} ms`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return runs;
}

/** Medians per variant and the ratios plain / ours. */
export function summarize(runs: FormRun[]) {
  const of = (variant: FormRun['variant'], key: 'mountMs' | 'domNodes' | 'worstKeyMs') => median(runs.filter((r) => r.variant === variant).map((r) => r[key]));
  const ours = { mountMs: of('ours', 'mountMs'), domNodes: of('ours', 'domNodes'), worstKeyMs: of('ours', 'worstKeyMs') };
  const plain = { mountMs: of('plain', 'mountMs'), domNodes: of('plain', 'domNodes'), worstKeyMs: of('plain', 'worstKeyMs') };
  return { ours, plain };
}
