import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { SchemaCatalog } from '../engine/schema/SchemaCatalog';
import { schemaLoaders } from '../generated/catalog';
import { createTokenService } from './auth/tokens';
import { NetworkRegistry } from './config/NetworkRegistry';
import type { NetworkConfig } from './config/networkConfig';
import type { Db } from './db/connect';
import { openApiOptions } from './openapi/document';
import { API_PREFIX, paths } from './paths';
import { answerCheck } from './plugins/answerCheck';
import { compression } from './plugins/compression';
import { loadAreas, provideAreas, registerAreas } from './areas/loadAreas';
import { authenticate } from './plugins/authenticate';
import { errorHandler } from './plugins/errorHandler';
import { ServerTexts } from './i18n/serverTexts';
import { heavyReads } from './plugins/heavyReads';
import { network } from './plugins/network';
import { requestHardening } from './plugins/requestHardening';
import { security } from './plugins/security';
import { staticFiles } from './plugins/staticFiles';
import { validation } from './plugins/validation';
import { parseQueryString } from './plugins/queryString';
import { createSessionsRepository } from './repositories/sessionsRepository';
import { createApiTokenLimiter, createApiTokensRepository, DEFAULT_API_TOKEN_RATE_LIMIT, type ApiTokenRateLimit } from './repositories/apiTokensRepository';
import { getOrCreateSecret } from './repositories/secretsRepository';
import { createUsersRepository } from './repositories/usersRepository';
import docsRoutes from './routes/docs/index';
import { loadAdFormats } from './settings/adFormats';
import type { AdFormatInfo } from '../generated/types';
import { createSecretBox } from './auth/secretBox';
import { createMailer } from './mail/mailer';
import { createAfterAnswer } from './services/afterAnswer';
import { DEFAULT_POSTBACK_RATE_LIMIT, DEFAULT_SIGNUP_RATE_LIMIT, type LoginRateLimit, type SignupRateLimit } from './http/budgets';
import { createCodesRepository } from './repositories/codesRepository';
import { createCaptcha, recaptchaEnvName } from './services/captcha';
import { createNotifications } from './services/notifications';
import { createUnsubscribeSigner } from './services/unsubscribe';
import devOutboxRoutes from './routes/dev/outbox/index';
import { JobRunner } from './jobs/runner';
import { lazyRequestLogger } from './http/lazyRequestLogger';
import './types';

export { API_PREFIX };

export interface BuildOptions {
  /** A migrated database (see db/connect.ts). */
  db: Db;
  /** Validated network configs (see config/loadNetworkConfigs.ts). */
  configs: NetworkConfig[];
  /** Secrets from the environment; missing ones are generated once and kept in the database. */
  secrets?: { jwtSecret?: string; chatSecret?: string; secretBoxKey?: string };
  /** Where mails go besides the outbox: smtp://user:pass@host:587 or smtps://... (SMTP_URL); none keeps them in the outbox. */
  smtp?: { url?: string; from?: string };
  /** Serve GET dev/outbox (to loopback callers on a network's own host only). Default off: DEV_OUTBOX=1 on a loopback bind. */
  devOutbox?: boolean;
  /** Let the server call loopback and private-network URLs users enter (net/safeFetch.ts). Default off: ALLOW_PRIVATE_TARGETS=1 on a loopback bind. */
  allowPrivateTargets?: boolean;
  /** Mails per minute one IP (and e-mail) may trigger on sign-up, forgot-password and resend; false turns it off. Default 5. */
  mailRateLimit?: { max: number; timeWindow: number } | false;
  /** Accounts opened per address and per network in a window; false turns it off. Default DEFAULT_SIGNUP_RATE_LIMIT. */
  signupRateLimit?: SignupRateLimit | false;
  /** Conversions one tracking key may report per window (GET /postback and /pixel.gif together). Default DEFAULT_POSTBACK_RATE_LIMIT. */
  postbackRateLimit?: { max: number; timeWindow: number };
  /** The reCAPTCHA secret of a network; default the RECAPTCHA_SECRET_<ID> environment variable. */
  recaptchaSecret?: (networkId: string) => string | undefined;
  /** Google's siteverify call (tests replace it). */
  fetch?: typeof fetch;
  logger?: FastifyServerOptions['logger'];
  /** Log a line per request and answer (default on; `npm start` logs only failed answers unless LOG_REQUESTS=1). */
  requestLogging?: boolean;
  /** The ad formats (schemas/ad-formats/ by default); tests pass a tree with a format added as data. */
  adFormats?: Map<string, AdFormatInfo>;
  /** Precompiled request schemas; defaults to generated/catalog.ts. */
  catalog?: SchemaCatalog;
  /** Login attempts per IP and e-mail; false turns the limit off (tests). Default 10 per minute. */
  loginRateLimit?: LoginRateLimit | false;
  /** Calls per window one personal API token may make; default DEFAULT_API_TOKEN_RATE_LIMIT (600 a minute). */
  apiTokenRateLimit?: ApiTokenRateLimit;
  /** Token lifetime; default 2 hours (the panel refreshes every 30 minutes). */
  tokenTtlSeconds?: number;
  /** The built panel to serve; null or a folder without index.html serves the API only. Default dist/. */
  distDir?: string | null;
  /** The port advertisers reach a `*.localhost` demo network on, for links in mails (default 8080; see NetworkRegistry.publicOrigin). */
  publicPort?: number;
  /**
   * Behind a load balancer: the proxies' addresses or CIDRs (or proxy-addr names: loopback, linklocal, uniquelocal)
   * whose X-Forwarded-For entries count, for request.ip and the rate limits. The client is the nearest address not in
   * the list; never "trust any", which would let a client name any address it likes.
   */
  trustProxy?: string[] | false;
  /** Heavy reads (statistics, tooltips, dashboard, estimates) in flight per user: default 4 (HEAVY_READS_PER_USER; 0 = off), or every figure (plugins/heavyReads.ts). */
  heavyReadLimit?: number | { perUser: number; total?: number; queue?: number; waitMs?: number };
  /** Tests: answer 500 when an answer leaves the schema its route declares (plugins/answerCheck.ts). */
  checkAnswers?: boolean;
  /** Folders of area plugins (default server/areas/); tests add a fixture area's folder. */
  areaDirs?: string[];
  /**
   * Run the periodic and queued jobs (server/jobs/) every `tickMs` (default 15 s) once the app is ready. Off by
   * default: tests call `app.platform.jobs.runDue()` themselves.
   */
  runJobs?: boolean | { tickMs: number };
  /** Stripe as a payment gateway (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET); without it the sandbox takes every method. */
  stripe?: { secretKey: string; webhookSecret: string };
  /** The jobs' clock (tests move it). */
  jobClock?: () => Date;
  /** Extra routes registered under the API prefix (tests use this to provoke failures). */
  extraRoutes?: (app: FastifyInstance) => Promise<void>;
  /** Told of every route as it is registered (tests walk all of them: tests/api/requestHardening.test.ts). */
  onRoute?: (route: RouteOptions) => void;
}

/** Fastify's request log without the line per request and answer: only failed answers (5xx, errors) are logged. */
class QuietRequestLog extends LogController {
  override incomingRequest() {}
  override requestCompleted(...args: Parameters<LogController['requestCompleted']>) {
    const [error, , reply] = args;
    if (error || reply.statusCode >= 500) super.requestCompleted(...args);
  }
}

/** Builds the API server: plugins, then every route under /api/private/v1. Call `listen` or `inject` on the result. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    ...(options.requestLogging === false ? { logController: new QuietRequestLog() } : {}),
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    trustProxy: options.trustProxy || false,
    routerOptions: { querystringParser: parseQueryString },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // Behind a proxy every caller arrives from the proxy's address, often loopback: the outbox would be public.
  if (options.devOutbox && options.trustProxy) throw new Error('The development outbox cannot run behind a trusted proxy (DEV_OUTBOX with TRUST_PROXY)');
  if (options.allowPrivateTargets && options.trustProxy) throw new Error('Private targets cannot be allowed behind a trusted proxy (ALLOW_PRIVATE_TARGETS with TRUST_PROXY)');
  const catalog = options.catalog ?? new SchemaCatalog(schemaLoaders);
  await catalog.loadAll();
  const networks = new NetworkRegistry(options.configs, options.publicPort);
  const jwtSecret = options.secrets?.jwtSecret ?? (await getOrCreateSecret(options.db, 'jwt_secret'));
  const chatSecret = options.secrets?.chatSecret ?? (await getOrCreateSecret(options.db, 'chat_identity_secret'));

  const pepper = await getOrCreateSecret(options.db, 'code_pepper');
  const secretBox = createSecretBox(options.secrets?.secretBoxKey ?? (await getOrCreateSecret(options.db, 'secret_box_key')));
  const unsubscribe = createUnsubscribeSigner(await getOrCreateSecret(options.db, 'unsubscribe_secret'));
  const mailer = createMailer({ db: options.db, log: app.log, smtpUrl: options.smtp?.url, from: options.smtp?.from });
  const afterAnswer = createAfterAnswer(app.log);
  const jobs = new JobRunner(options.db, { log: app.log, ...(options.jobClock ? { now: options.jobClock } : {}) });
  if (options.runJobs) {
    const tickMs = options.runJobs === true ? 15_000 : options.runJobs.tickMs;
    app.addHook('onReady', async () => jobs.start(tickMs));
  }
  app.addHook('onClose', async () => {
    await jobs.stop();
    await afterAnswer.drain();
    await mailer.close();
  });

  const texts = new ServerTexts();
  app.decorate('platform', {
    texts,
    db: options.db,
    catalog,
    networks,
    adFormats: options.adFormats ?? loadAdFormats(),
    users: createUsersRepository(options.db),
    sessions: createSessionsRepository(options.db),
    tokens: createTokenService(jwtSecret),
    apiTokens: createApiTokensRepository(options.db),
    apiTokenLimiter: createApiTokenLimiter(options.apiTokenRateLimit ?? DEFAULT_API_TOKEN_RATE_LIMIT),
    chatSecret,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 2 * 60 * 60,
    codes: createCodesRepository(options.db, pepper),
    mailer,
    afterAnswer,
    jobs,
    stripe: options.stripe ?? null,
    captcha: createCaptcha({
      db: options.db,
      pepper,
      log: app.log,
      recaptchaSecret: options.recaptchaSecret ?? ((id) => process.env[recaptchaEnvName(id)]),
      fetch: options.fetch,
    }),
    notifications: createNotifications(options.db, mailer, unsubscribe, texts),
    unsubscribe,
    secretBox,
    devOutbox: options.devOutbox ?? false,
    allowPrivateTargets: options.allowPrivateTargets ?? false,
    mailRateLimit: options.mailRateLimit === undefined ? { max: 5, timeWindow: 60_000 } : options.mailRateLimit,
    signupRateLimit: options.signupRateLimit === undefined ? DEFAULT_SIGNUP_RATE_LIMIT : options.signupRateLimit,
    postbackRateLimit: options.postbackRateLimit ?? DEFAULT_POSTBACK_RATE_LIMIT,
    loginRateLimit: options.loginRateLimit ?? { max: 10, timeWindow: 60_000 },
  });

  await app.register(errorHandler, { texts });
  await app.register(validation, { catalog });
  await app.register(requestHardening, { apiPrefix: API_PREFIX });
  await app.register(network, { networks });
  await app.register(security, { networks });
  await app.register(compression);
  await app.register(authenticate);
  await app.register(heavyReads, { limit: options.heavyReadLimit });
  if (options.checkAnswers) await app.register(answerCheck);
  await app.register(swagger, openApiOptions(catalog));

  const areas = await loadAreas(options.areaDirs ?? [paths.areas]);
  await provideAreas(app, areas);
  await app.register(
    async (api) => {
      await registerAreas(api, areas, 'api');
      if (app.platform.devOutbox) await api.register(devOutboxRoutes);
      await api.register(docsRoutes);
      if (options.extraRoutes) await api.register(options.extraRoutes);
    },
    { prefix: API_PREFIX },
  );

  await registerAreas(app, areas, 'root');
  await app.register(staticFiles, { distDir: options.distDir === undefined ? paths.dist : options.distDir, assetsDir: paths.networkAssets });
  return app;
}
