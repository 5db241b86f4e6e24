/**
 * Statistics table with 50,000 rows (by site: cost and ctr as decimal strings, counts as numbers, as the API
 * sends them). In Node: sorting by a cost, a count and a text column through the engine vs a plain comparator
 * sort of the same rows, alternating, medians; also totals and CSV export. In Chromium: the table with page size
 * "all" through SchemaTableView (virtualized) vs every row in a plain Blueprint table: mount, `<tr>` in the DOM,
 * DOM nodes, and a header click that sorts 50,000 rows until the next paint.
 */
import { cpus, loadavg } from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { averageDecimals, compareDecimals, sumDecimals, tryParseDecimal, type Decimal } from '../engine/format/decimal';
import type { ColumnDef } from '../engine/table/columnSet';
import { toCsv } from '../engine/table/csv';
import { sortRows } from '../engine/table/sortRows';
import { TableStore, type TableRow } from '../engine/table/TableStore';
import { computeTotals } from '../engine/table/totals';
import { buildPage, CHROMIUM_ARGS } from './formBench';
import { serveStatic } from './serveStatic';
import { median } from './stats';
import { columnSet, ROWS, statisticsRows } from './table/data';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const column = (id: string) => columnSet.columns.find((c) => c.id === id) as ColumnDef;

/** One timed task: ours through the engine, the plain way, and (where there is one) how the engine did it before. */
interface Task {
  label: string;
  ours: () => unknown;
  plain: () => unknown;
  before?: () => unknown;
}

export interface Timing {
  label: string;
  oursMs: number;
  plainMs: number;
  beforeMs?: number;
}

/** The tasks over one set of rows. Each plain sort orders exactly as ours does (same collator, exact ties), which `checkOrders` confirms. */
function tasks(rows: TableRow[], store: TableStore<TableRow>): Task[] {
  const byNumber = (id: string) => (a: TableRow, b: TableRow) => Number(b[id]) - Number(a[id]);
  const exactDesc = (id: string) => (a: TableRow, b: TableRow) => compareDecimals(tryParseDecimal(b[id]) as Decimal, tryParseDecimal(a[id]) as Decimal);
  return [
    { label: 'sort by cost (decimal strings)', ours: () => sortRows(rows, column('cost'), 'desc'), plain: () => rows.slice().sort(byNumber('cost')), before: () => rows.slice().sort(exactDesc('cost')) },
    { label: 'sort by clicks (count)', ours: () => sortRows(rows, column('clicks'), 'desc'), plain: () => rows.slice().sort(byNumber('clicks')), before: () => rows.slice().sort(exactDesc('clicks')) },
    { label: 'sort by site (text, collated)', ours: () => sortRows(rows, column('site'), 'asc'), plain: () => rows.slice().sort((a, b) => collator.compare(String(a.site), String(b.site))) },
    {
      label: 'TableStore: sort by ctr, page of all',
      ours: () => {
        store.setSort('ctr', store.sort.column === 'ctr' && store.sort.direction === 'desc' ? 'asc' : 'desc');
        return store.visibleRows.length;
      },
      plain: () => rows.slice().sort(byNumber('ctr')),
    },
    {
      label: 'totals, exact (5 columns)',
      ours: () => computeTotals(columnSet.columns, rows),
      plain: () => columnSet.columns.map((c) => rows.reduce((sum, r) => sum + Number(r[c.id] ?? 0), 0)),
      before: () =>
        columnSet.columns.map((c) => {
          const values = rows.map((r) => tryParseDecimal(r[c.id])).filter((d): d is Decimal => d !== null);
          return c.total === 'avg' ? averageDecimals(values, 4) : sumDecimals(values);
        }),
    },
    {
      label: 'CSV export (formula-safe)',
      ours: () => toCsv(columnSet.columns, rows),
      plain: () => rows.map((r) => columnSet.columns.map((c) => String(r[c.id] ?? '')).join(',')).join('\r\n'),
    },
  ];
}

/** Whether ours and the plain sorts put the rows in the same order. */
function checkOrders(list: Task[]): string[] {
  const problems: string[] = [];
  for (const task of list.slice(0, 3)) {
    const ours = task.ours() as TableRow[];
    const plain = task.plain() as TableRow[];
    if (ours.some((row, i) => row !== plain[i])) problems.push(`${task.label}: order differs from the plain sort`);
  }
  return problems;
}

/** Times every task `runs` times (after two warm-up runs), ours and plain alternating; medians. */
export async function sortBench(runs: number): Promise<{ timings: Timing[]; problems: string[] }> {
  const rows = statisticsRows(ROWS);
  const store = new TableStore<TableRow>({ columnSet, filters: {}, load: async () => ({ rows }), pageSize: -1 });
  await store.reload();
  const list = tasks(rows, store);
  const problems = checkOrders(list);
  const timings = list.map((task) => {
    const samples = { ours: [] as number[], plain: [] as number[], before: [] as number[] };
    const time = (fn: () => unknown) => {
      const start = performance.now();
      fn();
      return performance.now() - start;
    };
    for (let run = -2; run < runs; run++) {
      const order = run % 2 ? (['plain', 'ours', 'before'] as const) : (['ours', 'plain', 'before'] as const);
      for (const which of order) {
        const fn = task[which];
        if (!fn) continue;
        const ms = time(fn);
        if (run >= 0) samples[which].push(ms);
      }
    }
    return { label: task.label, oursMs: median(samples.ours), plainMs: median(samples.plain), beforeMs: task.before ? median(samples.before) : undefined };
  });
  return { timings, problems };
}

export interface RenderRun {
  variant: 'ours' | 'plain';
  mountMs: number;
  rowElements: number;
  domNodes: number;
  /** `<tr>` after scrolling to the middle, and the first row index shown there (ours only). */
  rowElementsScrolled?: number;
  firstRowScrolled?: number;
  /** A click on the Site header until the next paint: 50,000 rows sorted and the view updated. */
  sortClickMs: number;
}

async function renderOnce(browser: Browser, url: string, variant: RenderRun['variant']): Promise<RenderRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  ${variant} page error: ${error.message}`));
  await page.goto(`${url}?variant=${variant}`);
  type Ready = { benchReady?: { mountMs: number } };
  await page.waitForFunction(() => (window as Ready).benchReady, undefined, { timeout: 300_000 });
  const mountMs = await page.evaluate(() => ((window as Ready).benchReady as { mountMs: number }).mountMs);
  await page.waitForTimeout(300);
  const counts = () => page.evaluate(() => ({ rowElements: document.getElementsByTagName('tr').length, domNodes: document.getElementsByTagName('*').length }));
  const { rowElements, domNodes } = await counts();
  let scrolled: Pick<RenderRun, 'rowElementsScrolled' | 'firstRowScrolled'> = {};
  if (variant === 'ours') {
    scrolled = await page.evaluate(async () => {
      const box = document.querySelector('.schema-table__scroll') as HTMLElement;
      box.scrollTop = box.scrollHeight / 2;
      for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
      const first = document.querySelector('tbody tr[aria-rowindex]');
      return { rowElementsScrolled: document.getElementsByTagName('tr').length, firstRowScrolled: Number(first?.getAttribute('aria-rowindex')) };
    });
  }
  const sortClickMs = await page.evaluate(async () => {
    const button = document.querySelector('thead th:first-child button') as HTMLElement;
    const start = performance.now();
    button.click();
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    return performance.now() - start;
  });
  await context.close();
  return { variant, mountMs, rowElements, domNodes, sortClickMs, ...scrolled };
}

/** Builds the page, loads both variants `rounds` times each in alternation, and returns every run. */
export async function renderBench(rounds: number, executablePath: string): Promise<RenderRun[]> {
  const dir = await buildPage('table');
  const server = await serveStatic(dir);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const runs: RenderRun[] = [];
  try {
    for (let r = 0; r < rounds; r++) {
      for (const variant of r % 2 ? (['plain', 'ours'] as const) : (['ours', 'plain'] as const)) {
        const run = await renderOnce(browser, server.url, variant);
        runs.push(run);
        const scrolled = run.rowElementsScrolled !== undefined ? `  scrolled: ${run.rowElementsScrolled} <tr> from row ${run.firstRowScrolled}` : '';
        console.log(`  ${variant.padEnd(5)} mount ${run.mountMs.toFixed(0).padStart(6)} ms  <tr> ${String(run.rowElements).padStart(6)}  nodes ${String(run.domNodes).padStart(7)}  sort click ${run.sortClickMs.toFixed(0).padStart(5)} ms${scrolled}`);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return runs;
}

/** Medians per variant. */
export function summarizeRender(runs: RenderRun[]) {
  const of = (variant: RenderRun['variant'], key: 'mountMs' | 'rowElements' | 'domNodes' | 'sortClickMs' | 'rowElementsScrolled') =>
    median(runs.filter((r) => r.variant === variant).map((r) => r[key] ?? Number.NaN));
  const summary = (variant: RenderRun['variant']) => ({
    mountMs: of(variant, 'mountMs'),
    rowElements: of(variant, 'rowElements'),
    rowElementsScrolled: of(variant, 'rowElementsScrolled'),
    domNodes: of(variant, 'domNodes'),
    sortClickMs: of(variant, 'sortClickMs'),
  });
  return { ours: summary('ours'), plain: summary('plain') };
}

const ms = (v: number, width: number) => `${v < 10 ? v.toFixed(1) : v.toFixed(0)} ms`.padStart(width);
const ratio = (plain: number, ours: number) => `${plain / ours < 10 ? (plain / ours).toFixed(1) : (plain / ours).toFixed(0)}×`;
const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
/** The most rows a virtualized table may keep in the DOM ("a few hundred"). */
const MAX_ROW_ELEMENTS = 300;
const SORT_TARGET_MS = 60;

/** Runs both parts and prints medians next to the plain baselines, with the targets. */
export async function printTableBench({ runs, rounds, executablePath }: { runs: number; rounds: number; executablePath: string }) {
  console.log(`\nStatistics table: ${ROWS.toLocaleString('en')} rows by site (cost and ctr as decimal strings, counts as numbers)`);
  const load = loadavg()[0];
  if (load > cpus().length * 0.5) console.log(`  WARNING: load average ${load.toFixed(1)} on ${cpus().length} cores: other work inflates these numbers`);
  const { timings, problems } = await sortBench(runs);
  console.log(`\nIn Node, medians of ${runs} runs   ours (engine)    plain   plain/ours   engine before`);
  for (const t of timings) {
    const before = t.beforeMs === undefined ? '' : `${ms(t.beforeMs, 10)} (${ratio(t.beforeMs, t.oursMs)} slower)`;
    console.log(`  ${t.label.padEnd(36)}${ms(t.oursMs, 9)} ${ms(t.plainMs, 9)}  ${ratio(t.plainMs, t.oursMs).padStart(8)}   ${before}`);
  }
  for (const problem of problems) console.log(`  WRONG: ${problem}`);
  console.log('  plain: Number() or the same collator per comparison (not exact for decimals beyond 15 digits); before: an exact decimal parse per comparison');
  const sorts = timings.slice(0, 3);
  const worst = Math.max(...sorts.map((t) => t.oursMs));
  console.log(`Targets: sort ≤ ${SORT_TARGET_MS} ms ${mark(worst <= SORT_TARGET_MS && !problems.length)} (slowest column ${worst.toFixed(0)} ms)`);

  console.log(`\nIn Chromium, page size "all": SchemaTableView vs every row in a Blueprint table; ${rounds} alternating rounds`);
  const { ours, plain } = summarizeRender(await renderBench(rounds, executablePath));
  console.log('\nMedians                 ours        plain   plain/ours');
  console.log(`  mount           ${ms(ours.mountMs, 10)} ${ms(plain.mountMs, 12)}   ${ratio(plain.mountMs, ours.mountMs)}`);
  console.log(`  <tr> in the DOM ${String(ours.rowElements).padStart(10)} ${String(plain.rowElements).padStart(12)}   ${ratio(plain.rowElements, ours.rowElements)}  (ours scrolled to the middle: ${ours.rowElementsScrolled})`);
  console.log(`  DOM nodes       ${String(ours.domNodes).padStart(10)} ${String(plain.domNodes).padStart(12)}   ${ratio(plain.domNodes, ours.domNodes)}`);
  console.log(`  sort click→paint${ms(ours.sortClickMs, 10)} ${ms(plain.sortClickMs, 12)}   ${ratio(plain.sortClickMs, ours.sortClickMs)}`);
  const most = Math.max(ours.rowElements, ours.rowElementsScrolled);
  console.log(`Targets: ≤ ${MAX_ROW_ELEMENTS} <tr> for ${ROWS.toLocaleString('en')} rows ${mark(most <= MAX_ROW_ELEMENTS)} (${most})`);
}
