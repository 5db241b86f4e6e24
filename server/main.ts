/**
 * The server process: validates the network configs, opens the database (PGlite in DATA_DIR, or PostgreSQL at
 * DATABASE_URL), migrates and seeds it, then serves the API and the built panel on one port.
 */
import { isAbsolute, join } from 'node:path';
import { buildApp } from './app';
import { loadNetworkConfigs, NetworkConfigError } from './config/loadNetworkConfigs';
import { connect } from './db/connect';
import { seed } from './db/seed';
import { DEMO_PASSWORD, DEMO_TOTP_SECRETS } from './db/seedData';
import { paths, repoRoot } from './paths';
import { geo } from './reference/geo';
import { isLoopbackBind } from './net/loopback';
import { DEFAULT_SIGNUP_RATE_LIMIT } from './services/signupLimits';

const env = process.env;
const port = Number(env.PORT ?? 8080);
// Loopback unless HOST says otherwise: a demo on a laptop is not a server on the café's network.
const host = env.HOST ?? '127.0.0.1';
const dataDirSetting = env.DATA_DIR ?? '.data/pglite';
// LOGIN_RATE_LIMIT: sign-in attempts per minute for one IP and e-mail (default 10); 0 turns the limit off (end-to-end runs).
const loginLimit = Number(env.LOGIN_RATE_LIMIT ?? 10);
if (!Number.isInteger(loginLimit) || loginLimit < 0) {
  console.error(`LOGIN_RATE_LIMIT must be a whole number of attempts per minute (0 = off), not "${env.LOGIN_RATE_LIMIT}"`);
  process.exit(1);
}
// MAIL_RATE_LIMIT: mails per minute one IP (and e-mail) may trigger (sign-up, forgot password, resend); 0 = off.
const mailLimit = Number(env.MAIL_RATE_LIMIT ?? 5);
if (!Number.isInteger(mailLimit) || mailLimit < 0) {
  console.error(`MAIL_RATE_LIMIT must be a whole number of mails per minute (0 = off), not "${env.MAIL_RATE_LIMIT}"`);
  process.exit(1);
}
// TRUST_PROXY: the load balancers' addresses or CIDRs, comma-separated (or loopback, linklocal, uniquelocal); `1` or
// `true` trusts the private and loopback ranges a load balancer sits in. Never every hop: a client could forge its address.
const trustProxy = parseTrustProxy(env.TRUST_PROXY);
// DEV_OUTBOX=1: GET dev/outbox lists every mail (reset links, sign-in codes) to callers on this machine. Only on a
// loopback bind and never behind a proxy, where every caller would look local.
const devOutbox = env.DEV_OUTBOX === '1' || env.DEV_OUTBOX === 'true';
if (devOutbox && (!isLoopbackBind(host) || trustProxy)) {
  console.error(`DEV_OUTBOX serves every user's sign-in codes and reset links: it runs only on a loopback HOST (not "${host}") without TRUST_PROXY.`);
  process.exit(1);
}
// SIGNUP_RATE_LIMIT: accounts one address may open per hour (default 5; 0 = off); a network takes 20 times that.
const signupLimit = Number(env.SIGNUP_RATE_LIMIT ?? DEFAULT_SIGNUP_RATE_LIMIT.perAddress.max);
if (!Number.isInteger(signupLimit) || signupLimit < 0) {
  console.error(`SIGNUP_RATE_LIMIT must be a whole number of sign-ups per hour (0 = off), not "${env.SIGNUP_RATE_LIMIT}"`);
  process.exit(1);
}
const dataDir = dataDirSetting === 'memory://' || isAbsolute(dataDirSetting) ? dataDirSetting : join(repoRoot, dataDirSetting);

async function main() {
  let configs;
  try {
    configs = loadNetworkConfigs();
  } catch (e) {
    if (!(e instanceof NetworkConfigError)) throw e;
    console.error('The server cannot start: fix these network configs (npm run check-configs shows the same):');
    for (const problem of e.problems) console.error(`  ${problem}`);
    process.exit(1);
  }

  const database = await connect({ databaseUrl: env.DATABASE_URL, dataDir });
  await database.migrate();
  const demoUsers = await seed(database.db, configs.map((c) => c.id), {
    secretBoxKey: env.SECRET_BOX_KEY,
    demoAds: Object.fromEntries(configs.map((c) => [c.id, c.adFormats])),
    // DEMO_EVENTS: event lines of statistics per demo advertiser on first start (end-to-end runs use fewer).
    ...(env.DEMO_EVENTS ? { demoEvents: Number(env.DEMO_EVENTS) } : {}),
  });

  const app = await buildApp({
    db: database.db,
    configs,
    secrets: { jwtSecret: env.JWT_SECRET, chatSecret: env.CHAT_IDENTITY_SECRET, secretBoxKey: env.SECRET_BOX_KEY },
    smtp: { url: env.SMTP_URL || undefined, from: env.SMTP_FROM || undefined },
    devOutbox,
    mailRateLimit: mailLimit > 0 ? { max: mailLimit, timeWindow: 60_000 } : false,
    signupRateLimit:
      signupLimit > 0
        ? { perAddress: { max: signupLimit, timeWindow: 60 * 60_000 }, perNetwork: { max: signupLimit * 20, timeWindow: 60 * 60_000 } }
        : false,
    logger: { level: env.LOG_LEVEL ?? 'info' },
    trustProxy,
    publicPort: port,
    distDir: paths.dist,
    loginRateLimit: loginLimit > 0 ? { max: loginLimit, timeWindow: 60_000 } : false,
    heavyReadLimit: env.HEAVY_READS_PER_USER ? Number(env.HEAVY_READS_PER_USER) : undefined, // HEAVY_READS_PER_USER: reports one user may load at once (default 4; 0 = off)
  });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port, host });
  // Build the 150k-city index now rather than on the first city search.
  setImmediate(() => geo());

  const lines = [
    '',
    `Ad network panel on http://localhost:${port} (${database.description})`,
    ...configs.map((c) => `  ${c.name.padEnd(10)} http://${c.hosts.find((h) => h.endsWith('.localhost')) ?? c.hosts[0]}:${port}`),
    '',
    `Demo logins (password ${DEMO_PASSWORD}):`,
    ...demoUsers.map((u) => {
      const second = u.twoFactor?.method === 'email' ? ', sign-in code by e-mail (printed in this log)' : u.twoFactor?.method === 'google' ? `, Google Authenticator secret ${DEMO_TOTP_SECRETS[u.email]}` : '';
      return `  ${u.email.padEnd(26)} ${u.role === 'support' ? 'support (may impersonate)' : `${u.accountType} advertiser`}${second}`;
    }),
    '',
  ];
  console.log(lines.join('\n'));
}

/** TRUST_PROXY as Fastify's list of trusted proxies, or false. */
function parseTrustProxy(value: string | undefined): string[] | false {
  const setting = value?.trim() ?? '';
  if (setting === '' || setting === '0' || setting === 'false') return false;
  if (setting === '1' || setting === 'true') return ['loopback', 'linklocal', 'uniquelocal'];
  return setting.split(',').map((s) => s.trim()).filter(Boolean);
}

main().catch((e: unknown) => {
  console.error('The server failed to start:', e);
  process.exit(1);
});
