/**
 * `npm run bench`: the numbers behind the speed and size targets, each next to its plain baseline in the
 * same run. Medians are quoted; these machines are noisy. Never part of `npm test`.
 *   FORM_ROUNDS=5 npm run bench     more alternating rounds (default 3)
 *   npm run bench -- --only=build   just the build report
 */
import { spawnSync } from 'node:child_process';
import { buildReport, printBuildReport } from './buildReport';
import { formBench, summarize } from './formBench';

const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const check = (ok: boolean) => (ok ? 'ok' : 'MISSED');

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

if (!only || only === 'build') {
  const built = spawnSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const report = buildReport();
  printBuildReport(report);
  console.log(`Targets: login route ≤ 220 KiB ${check(report.loginJs <= 220 * 1024)}; no icon data in it ${check(!report.iconLeaks.length)}`);
}
