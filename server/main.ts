/**
 * The server process: validates the network configs, opens the database (PGlite in DATA_DIR, or PostgreSQL at
 * DATABASE_URL), migrates and seeds it, then serves the API and the built panel on one port.
 */
import { buildApp } from './app';
import { loadNetworkConfigs, NetworkConfigError } from './config/loadNetworkConfigs';
import { readServerEnv, ServerEnvError } from './config/serverEnv';
import { connect } from './db/connect';
import { catchUpDemoStatistics, DEMO_EVENTS, seed } from './demo/seed';
import adServerRoutes from './demo/adServerRoutes';
import { DEMO_PASSWORD, DEMO_TOTP_SECRETS } from './demo/seedData';
import { paths } from './paths';
import { geo } from './reference/geo';

const env = process.env;

/** The demo users' saved locales, as the start-up banner names them. */
const LANGUAGE_NAMES = { en: 'English', ru: 'Russian', es: 'Spanish', de: 'German', jp: 'Japanese' } as const;
const settings = (() => {
  try {
    return readServerEnv(env);
  } catch (e) {
    if (!(e instanceof ServerEnvError)) throw e;
    for (const problem of e.problems) console.error(problem);
    process.exit(1);
  }
})();
const { port, host, dataDir } = settings;

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

  const started = Date.now();
  const database = await connect({ databaseUrl: env.DATABASE_URL, dataDir });
  console.log(`Opening ${database.description} and applying its migrations…`);
  await database.migrate();
  console.log('Seeding the demo networks (the first start generates their statistics; later starts only catch up)…');
  const demoAds = Object.fromEntries(configs.map((c) => [c.id, c.adFormats]));
  const demoEvents = env.DEMO_EVENTS ? Number(env.DEMO_EVENTS) : DEMO_EVENTS;
  const demoUsers = await seed(database.db, configs.map((c) => c.id), {
    secretBoxKey: env.SECRET_BOX_KEY,
    demoAds,
    networks: configs,
    // DEMO_EVENTS: event lines of statistics per demo advertiser on first start (end-to-end runs use fewer).
    demoEvents,
    progress: (line) => console.log(line),
  });

  const app = await buildApp({
    db: database.db,
    configs,
    secrets: { jwtSecret: env.JWT_SECRET, chatSecret: env.CHAT_IDENTITY_SECRET, secretBoxKey: env.SECRET_BOX_KEY },
    smtp: { url: env.SMTP_URL || undefined, from: env.SMTP_FROM || undefined },
    devOutbox: settings.devOutbox,
    allowPrivateTargets: settings.allowPrivateTargets,
    mailRateLimit: settings.mailRateLimit,
    signupRateLimit: settings.signupRateLimit,
    logger: { level: env.LOG_LEVEL ?? 'info' },
    // A line per request would push the printed logins off the screen: LOG_REQUESTS=1 turns them on.
    requestLogging: env.LOG_REQUESTS === '1',
    trustProxy: settings.trustProxy,
    publicPort: port,
    distDir: paths.dist,
    loginRateLimit: settings.loginRateLimit,
    heavyReadLimit: settings.heavyReadLimit,
    runJobs: { tickMs: settings.jobTickMs },
    // Beside the development outbox: POST dev/ad-server serves a user's campaigns the current hour and bills it as over.
    ...(settings.devOutbox && demoEvents > 0 ? { extraRoutes: adServerRoutes } : {}),
    ...(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? { stripe: { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET } } : {}),
  });
  // The demo's ad server keeps buying traffic while the panel runs: the spend job then charges each hour it wrote.
  if (demoEvents > 0) {
    app.platform.jobs.every('demo.ad-server', 5 * 60_000, async (now) => {
      await catchUpDemoStatistics(database.db, configs.map((c) => c.id), demoAds, demoEvents, now);
    });
  }

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
    `Ad network panel on http://localhost:${port} (${database.description}; ready in ${((Date.now() - started) / 1000).toFixed(0)} s)`,
    ...configs.map((c) => `  ${c.name.padEnd(10)} http://${c.hosts.find((h) => h.endsWith('.localhost')) ?? c.hosts[0]}:${port}`),
    '',
    `Demo logins (password ${DEMO_PASSWORD}):`,
    ...demoUsers.map((u) => {
      const second = u.twoFactor?.method === 'email' ? ', sign-in code by e-mail (printed in this log)' : u.twoFactor?.method === 'google' ? `, Google Authenticator secret ${DEMO_TOTP_SECRETS[u.email]}` : '';
      const state = u.status === 'unconfirmed' ? ', e-mail not confirmed yet' : '';
      return `  ${u.email.padEnd(26)} ${u.role === 'support' ? 'support (may impersonate)' : `${u.accountType} advertiser`}, ${LANGUAGE_NAMES[u.locale]}${state}${second}`;
    }),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((e: unknown) => {
  console.error('The server failed to start:', e);
  process.exit(1);
});
