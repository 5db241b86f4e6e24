/**
 * `npm run bench`: the numbers behind the speed and size targets, each next to its plain baseline in the
 * same run. Medians are quoted; these machines are noisy. Never part of `npm test`.
 *   FORM_ROUNDS=5 npm run bench     more alternating rounds (default 3)
 *   npm run bench -- --only=build   just the build report
 *   npm run bench -- --only=campaign   just the real campaign form (CAMPAIGN_ROUNDS, default 5; CAMPAIGN_PLAIN_KEYS
 *                                      keystrokes per field for plain RJSF, default 5 of 9: each takes about a second)
 *   npm run bench -- --only=table   just the 50,000-row statistics table (TABLE_RUNS sorts per column, default 9;
 *                                   TABLE_ROUNDS page loads per variant in Chromium, default 3)
 *   npm run bench -- --only=statistics   grouped statistics over STATS_EVENTS event lines (default 1,000,000) on PGlite,
 *                                        10 requests in flight (STATS_ROUNDS per grouping, default 40); with DATABASE_URL
 *                                        also on that PostgreSQL (its public schema is dropped first: use a scratch database)
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { buildReport, printBuildReport } from './buildReport';
import { formBench, summarize } from './formBench';
import { campaignBench, KEYS_PER_FIELD, range, summarizeCampaign } from './campaignBench';
import { SIZES } from './campaign/data';
import { printTableBench } from './tableBench';
import { printStatisticsBench, statisticsBenchAll } from './statisticsBench';

const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const check = (ok: boolean) => (ok ? 'ok' : 'MISSED');

/** The share of CPU time (all cores) not idle over one second, while the benchmark itself does nothing. */
async function cpuBusy(): Promise<number> {
  const total = () => cpus().reduce((sum, c) => ({ idle: sum.idle + c.times.idle, all: sum.all + Object.values(c.times).reduce((a, b) => a + b, 0) }), { idle: 0, all: 0 });
  const a = total();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const b = total();
  return 1 - (b.idle - a.idle) / Math.max(1, b.all - a.all);
}

if (!only || only === 'form') {
  const rounds = Number(process.env.FORM_ROUNDS ?? 3);
  console.log(`Form engine vs plain RJSF: 40 sections, 10×250 countries, 10×5,000 cities, 10×2,000 device models; ${rounds} alternating rounds`);
  const { ours, plain } = summarize(await formBench(rounds, chromiumPath));
  const keyOurs = Math.max(ours.worstKeyMs, 16); // Event Timing does not report events under 16 ms
  console.log('\nMedians            ours        plain RJSF   plain/ours');
  console.log(`  mount        ${ours.mountMs.toFixed(0).padStart(7)} ms  ${plain.mountMs.toFixed(0).padStart(9)} ms   ${(plain.mountMs / ours.mountMs).toFixed(1)}×`);
  console.log(`  DOM nodes    ${String(ours.domNodes).padStart(10)}  ${String(plain.domNodes).padStart(12)}   ${(plain.domNodes / ours.domNodes).toFixed(1)}×`);
  console.log(`  worst key    ${ours.worstKeyMs ? `${ours.worstKeyMs.toFixed(0).padStart(7)} ms` : '   < 16 ms'}  ${plain.worstKeyMs.toFixed(0).padStart(9)} ms   ≥ ${(plain.worstKeyMs / keyOurs).toFixed(1)}×`);
  console.log(`Targets: keystroke ≤ 50 ms ${check(ours.worstKeyMs <= 50)}; ≥ 20× plain ${check(plain.worstKeyMs / keyOurs >= 20)}; mount ≤ 500 ms ${check(ours.mountMs <= 500)}; ≤ 5,000 nodes ${check(ours.domNodes <= 5000)}`);
}

if (!only || only === 'campaign') {
  const rounds = Number(process.env.CAMPAIGN_ROUNDS ?? 5);
  const plainKeys = Math.min(KEYS_PER_FIELD, Number(process.env.CAMPAIGN_PLAIN_KEYS ?? 5));
  const targets = readdirSync(new URL('../schemas/targets/', import.meta.url)).filter((f) => f.endsWith('.target.json')).length;
  console.log(`\nReal campaign form (campaigns_campaign, all ${targets} targets shown and open): 200 countries, 2,000 cities, 1,000 device models selected`);
  console.log(`  ours: engine + Blueprint theme + lookups answered in the page; plain RJSF: the lists as enums (${SIZES}), default Ajv validator`);
  console.log(`  ${rounds} rounds; each loads both variants (alternating) once per typed field: ${KEYS_PER_FIELD} keystrokes into the name, or into targets.site.domains (${plainKeys} for plain RJSF)`);
  // Other work on this machine (tests, type checks) moves keystroke times by tens of milliseconds: say so.
  const before = await cpuBusy();
  const { runs, notes } = await campaignBench({ rounds, plainKeys, executablePath: chromiumPath });
  const after = await cpuBusy();
  if (Math.max(before, after) > 0.25) {
    console.log(`  WARNING: other work kept the CPUs ${(before * 100).toFixed(0)}% busy before and ${(after * 100).toFixed(0)}% after the runs: numbers are inflated`);
  }
  const { ours, plain } = summarizeCampaign(runs);
  const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const ms = (v: number, width: number) => (v ? `${v.toFixed(0).padStart(width)} ms` : `${'< 16'.padStart(width)} ms`);
  const ratio = (p: number, o: number) => `${p / o < 10 ? (p / o).toFixed(1) : (p / o).toFixed(0)}×`;
  const keyRatio = (p: number, o: number) => (o ? ratio(p, o) : `≥ ${ratio(p, 16)}`);
  console.log('\nMedians            ours        plain RJSF   plain/ours');
  console.log(`  mount        ${ms(ours.mountMs, 7)}  ${ms(plain.mountMs, 9)}   ${ratio(plain.mountMs, ours.mountMs)}`);
  console.log(`  DOM nodes    ${String(ours.domNodes).padStart(10)}  ${String(plain.domNodes).padStart(12)}   ${ratio(plain.domNodes, ours.domNodes)}`);
  console.log(`  key: name    ${ms(ours.keyName, 7)}  ${ms(plain.keyName, 9)}   ${keyRatio(plain.keyName, ours.keyName)}`);
  console.log(`  key: domains ${ms(ours.keyDomains, 7)}  ${ms(plain.keyDomains, 9)}   ${keyRatio(plain.keyDomains, ours.keyDomains)}`);
  const worstKey = Math.max(ours.keyName, ours.keyDomains);
  console.log(`Targets: worst keystroke ≤ 50 ms ${mark(worstKey <= 50)} (${worstKey ? `${worstKey.toFixed(0)} ms` : '< 16 ms'}); mount ≤ 500 ms ${mark(ours.mountMs <= 500)} (${ours.mountMs.toFixed(0)} ms)`);
  const ourRuns = runs.filter((r) => r.variant === 'ours');
  const ourKeys = (field: string) => range(ourRuns.filter((r) => r.field === field).map((r) => r.worstKeyMs));
  console.log(`  ours over its ${ourRuns.length} loads: mount ${range(ourRuns.map((r) => r.mountMs))} ms; worst key name ${ourKeys('name')} ms, domains ${ourKeys('domains')} ms (Event Timing rounds to 8 ms)`);
  const ourNotes = notes.ours;
  if (ourNotes) {
    console.log(`  ours sent ${ourNotes.requests.length} lookup requests at mount; ${ourNotes.unlabelledTags} selected tags without a label`);
    for (const refusal of new Set(ourNotes.refused)) console.log(`  the real API would refuse (answered here anyway): ${refusal}`);
    for (const miss of new Set(ourNotes.missing)) console.log(`  NOT ANSWERED: ${miss}`);
  }
}

if (!only || only === 'table') {
  await printTableBench({ runs: Number(process.env.TABLE_RUNS ?? 9), rounds: Number(process.env.TABLE_ROUNDS ?? 3), executablePath: chromiumPath });
}

if (!only || only === 'statistics') {
  const events = Number(process.env.STATS_EVENTS ?? 1_000_000);
  const rounds = Number(process.env.STATS_ROUNDS ?? 40);
  console.log(`\nGrouped statistics (GET campaign-statistics over HTTP) vs grouping the event log directly`);
  printStatisticsBench(await statisticsBenchAll(events, rounds, process.env.DATABASE_URL));
}

if (!only || only === 'build') {
  const built = spawnSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const report = buildReport();
  printBuildReport(report);
  console.log(`Targets: login route ≤ 220 KiB ${check(report.loginJs <= 220 * 1024)}; no icon data in it ${check(!report.iconLeaks.length)}`);
}
