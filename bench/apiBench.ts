/**
 * The API's cached reads under load: the answers every page of the panel asks for first (`GET network`, `GET settings`)
 * and the lookup lists (`GET collections/{name}`), on the real app (every plugin and hook, PGlite in memory), against a
 * bare Fastify hello-world in the same process as the baseline. autocannon fires from a worker thread, so the servers
 * keep the main thread to themselves; the same connections and duration for every target, in alternating rounds.
 * Every call asks for compression as the panel's browsers do (Chromium's Accept-Encoding).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import { buildApp } from '../server/app';
import { loadNetworkConfigs } from '../server/config/loadNetworkConfigs';
import { connect } from '../server/db/connect';
import { median } from './stats';
import { ACCEPT_ENCODING } from './loadClient';

/** What the bench reads of autocannon's result (the package ships no types). */
interface CannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Cannon = (options: { url: string; connections: number; duration: number; headers: Record<string, string>; workers: number }) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const API = '/api/private/v1';
const HELLO_PORT = 8600;
const APP_PORT = 8601;
/** The panel's reads to measure: the shell's two, a big lookup list (the sign-up and targeting forms') and a small one. */
export const ROUTES = ['network', 'settings', 'collections/countries', 'collections/messengers'] as const;
/** Each route must serve at least this share of the hello-world's requests per second. */
export const TARGET_RATIO = 0.6;

export interface Load {
  rps: number;
  p99Ms: number;
}

export interface ApiBenchResult {
  connections: number;
  seconds: number;
  hello: Load[];
  routes: Record<string, Load[]>;
  /** Answer sizes on the wire in bytes, to read the ratios by, and their encodings. */
  bytes: Record<string, number>;
  encodings: Record<string, string>;
}

async function fire(url: string, host: string, connections: number, seconds: number): Promise<Load> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { host, 'accept-encoding': ACCEPT_ENCODING }, workers: 1 });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) throw new Error(`${url}: ${failed} of the answers were not 200 (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)`);
  return { rps: result.requests.average, p99Ms: result.latency.p99 };
}

/** The real app as `npm start` builds it for these routes: no per-request log line, failures logged. */
async function startApp(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const database = await connect({ dataDir: 'memory://' });
  await database.migrate();
  const app = await buildApp({ db: database.db, configs: loadNetworkConfigs(), logger: { level: 'warn' }, requestLogging: false, publicPort: APP_PORT });
  await app.listen({ port: APP_PORT, host: '127.0.0.1' });
  return { app, close: async () => { await app.close(); await database.close(); } };
}

/** `rounds` alternating rounds (hello-world, then each route) of `seconds` each at `connections` connections. */
export async function apiBench({ rounds, seconds, connections }: { rounds: number; seconds: number; connections: number }): Promise<ApiBenchResult> {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: HELLO_PORT, host: '127.0.0.1' });
  const { close } = await startApp();
  const host = `adnet.localhost:${APP_PORT}`;
  const targets = [
    { name: 'hello', url: `http://127.0.0.1:${HELLO_PORT}/` },
    ...ROUTES.map((route) => ({ name: route, url: `http://127.0.0.1:${APP_PORT}${API}/${route}` })),
  ];
  try {
    const bytes: Record<string, number> = {};
    const encodings: Record<string, string> = {};
    for (const { name, url } of targets) {
      const answer = await fetch(url, { headers: { host, 'accept-encoding': ACCEPT_ENCODING } });
      if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${await answer.text()}`);
      // fetch decodes the body: the size on the wire is the answer's Content-Length.
      await answer.arrayBuffer();
      bytes[name] = Number(answer.headers.get('content-length'));
      encodings[name] = answer.headers.get('content-encoding') ?? 'none';
      await fire(url, host, connections, 1); // warm-up: the JIT, the lists built on first use
    }
    const loads: Record<string, Load[]> = Object.fromEntries(targets.map((t) => [t.name, []]));
    for (let round = 0; round < rounds; round++) {
      for (const { name, url } of targets) loads[name].push(await fire(url, host, connections, seconds));
    }
    const { hello: helloLoads, ...routes } = loads;
    return { connections, seconds, hello: helloLoads, routes, bytes, encodings };
  } finally {
    await close();
    await hello.close();
  }
}

const lohi = (values: number[], digits = 0) => `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

export function printApiBench(result: ApiBenchResult) {
  const base = median(result.hello.map((l) => l.rps));
  const kb = (name: string) => `${(result.bytes[name] / 1024).toFixed(1)} KiB ${result.encodings[name] === 'none' ? '' : result.encodings[name]}`.trim();
  console.log(`\n  ${result.hello.length} rounds of ${result.seconds} s at ${result.connections} connections; medians (lowest–highest over the rounds)`);
  console.log(`  ${'target'.padEnd(26)} ${'answer'.padStart(12)} ${'req/s'.padStart(8)} ${'(spread)'.padStart(14)} ${'p99'.padStart(7)}   ratio to hello-world`);
  const row = (label: string, name: string, loads: Load[]) =>
    `  ${label.padEnd(26)} ${kb(name).padStart(12)} ${median(loads.map((l) => l.rps)).toFixed(0).padStart(8)} ${`(${lohi(loads.map((l) => l.rps))})`.padStart(14)} ${`${median(loads.map((l) => l.p99Ms)).toFixed(0)} ms`.padStart(7)}`;
  console.log(row('hello-world (bare Fastify)', 'hello', result.hello));
  for (const [name, loads] of Object.entries(result.routes)) {
    const ratio = median(loads.map((l) => l.rps)) / base;
    // Per round against that round's hello-world: how much the ratio itself moved.
    const perRound = loads.map((l, i) => l.rps / result.hello[i].rps);
    console.log(`${row(`GET ${name}`, name, loads)}   ${ratio.toFixed(2)}× (${lohi(perRound, 2)}) target ≥ ${TARGET_RATIO}× ${ratio >= TARGET_RATIO ? 'PASS' : 'MISS'}; p99 ${lohi(loads.map((l) => l.p99Ms))} ms`);
  }
}
