import type { SchemaCatalog } from '../engine/schema/SchemaCatalog';
import type { TokenService } from './auth/tokens';
import type { NetworkRegistry } from './config/NetworkRegistry';
import type { NetworkConfig } from './config/networkConfig';
import type { Db } from './db/connect';
import type { SessionsRepository } from './repositories/sessionsRepository';
import type { ApiTokenLimiter, ApiTokensRepository } from './repositories/apiTokensRepository';
import type { UsersRepository } from './repositories/usersRepository';
import type { CodesRepository } from './repositories/codesRepository';
import type { SecretBox } from './auth/secretBox';
import type { Mailer } from './mail/mailer';
import type { Captcha } from './services/captcha';
import type { Notifications } from './services/notifications';
import type { UnsubscribeSigner } from './services/unsubscribe';
import type { AdFormatInfo } from '../generated/types';
import type { ServerTexts } from './i18n/serverTexts';
import type { AfterAnswer } from './services/afterAnswer';
import type { LoginRateLimit, SignupRateLimit } from './http/budgets';
import type { JobRunner } from './jobs/runner';

/** Who is calling, once `app.authenticate` accepted the bearer token. */
export interface AuthContext {
  userId: number;
  sessionId: string;
  /** The sign-in this session belongs to (logout ends the family). */
  familyId: string;
  /** Set while the token was replaced by a refresh and lives only in its grace: it refreshes into this session. */
  replacedBy: string | null;
  impersonatorId: number | null;
}

/**
 * What every area may use, built once in buildApp: the database, texts, schemas, networks and ad formats, and the
 * accounts core the auth plugins need (users, sessions, codes, tokens, mails, notifications, captcha). An area's own
 * repository and services are not here: the area decorates the app with them (its index's `provide`, typed in its
 * public.ts), so adding an area never edits this list.
 */
export interface Platform {
  db: Db;
  /** The server's answers in the reader's language (see server/i18n). */
  texts: ServerTexts;
  catalog: SchemaCatalog;
  networks: NetworkRegistry;
  adFormats: Map<string, AdFormatInfo>;
  users: UsersRepository;
  sessions: SessionsRepository;
  tokens: TokenService;
  /** Personal API tokens (POST api-token), and the per-token rate limit of the calls made with them. */
  apiTokens: ApiTokensRepository;
  apiTokenLimiter: ApiTokenLimiter;
  /** Key of the per-user hashes chat tools verify identities with. */
  chatSecret: string;
  tokenTtlSeconds: number;
  /** Single-use secrets (confirmation links, sign-in codes, reset and impersonation tokens). */
  codes: CodesRepository;
  mailer: Mailer;
  /** Work done after the answer left (see services/afterAnswer.ts). */
  afterAnswer: AfterAnswer;
  captcha: Captcha;
  /** Periodic and queued work, safe with several processes on one PostgreSQL (server/jobs/runner.ts). */
  jobs: JobRunner;
  /** Stripe's keys when Stripe takes payments (server/areas/finances/gateways). */
  stripe: { secretKey: string; webhookSecret: string } | null;
  notifications: Notifications;
  unsubscribe: UnsubscribeSigner;
  /** Seals TOTP secrets at rest. */
  secretBox: SecretBox;
  /** Whether GET dev/outbox is registered (DEV_OUTBOX=1 on a loopback bind); it answers loopback callers only. */
  devOutbox: boolean;
  /** Whether URLs users enter (RTB endpoints) may be loopback or private-network addresses (net/safeFetch.ts); development and tests only. */
  allowPrivateTargets: boolean;
  /** Rate limit of the calls that send mail (per IP and e-mail or user); false in most tests. */
  mailRateLimit: { max: number; timeWindow: number } | false;
  /** Conversions one tracking key may report in a window (GET /postback and /pixel.gif). */
  postbackRateLimit: { max: number; timeWindow: number };
  /** Sign-in attempts per address and e-mail, and failures per account; false in most tests. */
  loginRateLimit: LoginRateLimit | false;
  /** Accounts one address, and one network, may open in a window; false in most tests. */
  signupRateLimit: SignupRateLimit | false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call may send a mail: it answers 421 on a host that no network config lists. */
    sendsMail?: boolean;
    /**
     * Only a signed-in session may make this call, never a personal API token: sign-out and refresh, impersonation,
     * the password, two-factor set-up and the tokens themselves.
     */
    sessionOnly?: boolean;
  }
  interface FastifyRequest {
    /** The network this request belongs to, resolved from its Host header. */
    network: NetworkConfig;
    /** Set on routes guarded by `app.authenticate`. */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    platform: Platform;
    /** onRequest hook that answers 401 unless a valid, unrevoked token of this network is presented. */
    authenticate: (request: FastifyRequest, reply?: FastifyReply) => Promise<void>;
  }
}
