import { isAbsolute, join } from 'node:path';
import type { BuildOptions } from '../app';
import { isLoopbackBind } from '../net/loopback';
import { repoRoot } from '../paths';
import { DEFAULT_SIGNUP_RATE_LIMIT } from '../http/budgets';

/** The process settings server/main.ts reads from the environment (every variable is listed in server/README.md). */
export interface ServerEnv {
  port: number;
  host: string;
  /** Absolute PGlite folder, or `memory://`. */
  dataDir: string;
  devOutbox: boolean;
  /** ALLOW_PRIVATE_TARGETS=1: the server may call loopback and private-network URLs (RTB test bid requests). */
  allowPrivateTargets: boolean;
  trustProxy: string[] | false;
  loginRateLimit: BuildOptions['loginRateLimit'];
  mailRateLimit: BuildOptions['mailRateLimit'];
  signupRateLimit: BuildOptions['signupRateLimit'];
  heavyReadLimit: BuildOptions['heavyReadLimit'];
  /** How often the job runner looks for due work (JOB_TICK_MS; tests that run server processes make it fast). */
  jobTickMs: number;
}

/** Settings the server cannot start with; `problems` name the variable and what it takes. */
export class ServerEnvError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ServerEnvError';
  }
}

const HOUR = 60 * 60_000;
/** The job runner's pass interval: due work waits at most this long (a user waiting on it is served by `nudge`). */
const DEFAULT_JOB_TICK_MS = 15_000;
/** Below this a pass would hardly end before the next, and idle processes would keep the database busy. */
const MIN_JOB_TICK_MS = 50;

/**
 * Reads and checks the server's environment.
 * - `HOST` defaults to loopback: a demo on a laptop is not a server for the network it sits on;
 * - `TRUST_PROXY` names the proxies whose X-Forwarded-For entries count (never every hop, which would let a client
 *   name its own address); `1`/`true` means the loopback and private ranges a load balancer sits in;
 * - `DEV_OUTBOX=1` (every user's reset links and sign-in codes) only on a loopback HOST without TRUST_PROXY;
 * - `ALLOW_PRIVATE_TARGETS=1` (URLs users type may reach this machine and its network) likewise.
 * @throws ServerEnvError listing every bad variable.
 */
export function readServerEnv(env: NodeJS.ProcessEnv): ServerEnv {
  const problems: string[] = [];
  const count = (name: string, fallback: number, unit: string): number => {
    const value = Number(env[name] ?? fallback);
    if (Number.isInteger(value) && value >= 0) return value;
    problems.push(`${name} must be a whole number of ${unit} (0 = off), not "${env[name]}"`);
    return fallback;
  };

  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be a port number, not "${env.PORT}"`);
  const host = env.HOST?.trim() || '127.0.0.1';
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  const devOutbox = env.DEV_OUTBOX === '1' || env.DEV_OUTBOX === 'true';
  if (devOutbox && (!isLoopbackBind(host) || trustProxy)) {
    problems.push(`DEV_OUTBOX serves every user's sign-in codes and reset links: it runs only on a loopback HOST (not "${host}") without TRUST_PROXY.`);
  }
  const allowPrivateTargets = env.ALLOW_PRIVATE_TARGETS === '1' || env.ALLOW_PRIVATE_TARGETS === 'true';
  if (allowPrivateTargets && (!isLoopbackBind(host) || trustProxy)) {
    problems.push(`ALLOW_PRIVATE_TARGETS lets the URLs users enter reach this machine and its private network: it runs only on a loopback HOST (not "${host}") without TRUST_PROXY.`);
  }
  const login = count('LOGIN_RATE_LIMIT', 10, 'attempts per minute');
  const mail = count('MAIL_RATE_LIMIT', 5, 'mails per minute');
  const signups = count('SIGNUP_RATE_LIMIT', DEFAULT_SIGNUP_RATE_LIMIT.perAddress.max, 'sign-ups per hour');
  const heavy = env.HEAVY_READS_PER_USER === undefined ? undefined : count('HEAVY_READS_PER_USER', 4, 'reports at once');
  // Not `count`: 0 would not mean "off" but a runner spinning on the database.
  const jobTickMs = Number(env.JOB_TICK_MS ?? DEFAULT_JOB_TICK_MS);
  if (!Number.isInteger(jobTickMs) || jobTickMs < MIN_JOB_TICK_MS) problems.push(`JOB_TICK_MS must be a whole number of milliseconds, at least ${MIN_JOB_TICK_MS}, not "${env.JOB_TICK_MS}"`);
  if (problems.length) throw new ServerEnvError(problems);

  const dataDirSetting = env.DATA_DIR ?? '.data/pglite';
  return {
    port,
    host,
    dataDir: dataDirSetting === 'memory://' || isAbsolute(dataDirSetting) ? dataDirSetting : join(repoRoot, dataDirSetting),
    devOutbox,
    allowPrivateTargets,
    trustProxy,
    loginRateLimit: login > 0 ? { max: login, timeWindow: 60_000 } : false,
    mailRateLimit: mail > 0 ? { max: mail, timeWindow: 60_000 } : false,
    // A network takes 20 addresses' worth of sign-ups an hour.
    signupRateLimit: signups > 0 ? { perAddress: { max: signups, timeWindow: HOUR }, perNetwork: { max: signups * 20, timeWindow: HOUR } } : false,
    heavyReadLimit: heavy,
    jobTickMs,
  };
}

/** TRUST_PROXY as Fastify's list of trusted proxies, or false. */
function parseTrustProxy(value: string | undefined): string[] | false {
  const setting = value?.trim() ?? '';
  if (setting === '' || setting === '0' || setting === 'false') return false;
  if (setting === '1' || setting === 'true') return ['loopback', 'linklocal', 'uniquelocal'];
  return setting
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
