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

const env = process.env;
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '0.0.0.0';
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
    devOutbox: env.NODE_ENV !== 'production' || env.DEV_OUTBOX === '1',
    mailRateLimit: mailLimit > 0 ? { max: mailLimit, timeWindow: 60_000 } : false,
    logger: { level: env.LOG_LEVEL ?? 'info' },
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
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
      const second = u.twoFactor?.method === 'email' ? ', sign-in code by e-mail (see GET /api/private/v1/dev/outbox)' : u.twoFactor?.method === 'google' ? `, Google Authenticator secret ${DEMO_TOTP_SECRETS[u.email]}` : '';
      return `  ${u.email.padEnd(26)} ${u.role === 'support' ? 'support (may impersonate)' : `${u.accountType} advertiser`}${second}`;
    }),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((e: unknown) => {
  console.error('The server failed to start:', e);
  process.exit(1);
});
