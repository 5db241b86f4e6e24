/**
 * The platform's tables (Drizzle, PostgreSQL dialect): accounts, sessions, single-use codes, secrets, mails,
 * captcha, notifications and the job runner's tables, which every area may read. Each product area keeps its own tables in
 * server/areas/<area>/tables.ts; drizzle-kit reads both (db/drizzle.config.ts). The same definitions run on PGlite
 * and on a PostgreSQL server. Money is NUMERIC and travels as decimal strings; never a float.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

/** Account managers shown in the sidebar panel and the current user (`account_manager`). */
export const accountManagers = pgTable(
  'account_managers',
  {
    id: serial('id').primaryKey(),
    networkId: varchar('network_id', { length: 40 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    avatarUrl: text('avatar_url'),
    telegram: varchar('telegram', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_managers_network_email_unique').on(t.networkId, t.email)],
);

/**
 * People who sign in. A user belongs to exactly one network: the same e-mail on two networks is two accounts.
 * `role` support may impersonate advertisers of its network; `status` unconfirmed shows the verify-e-mail banner.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    networkId: varchar('network_id', { length: 40 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    role: varchar('role', { length: 16 }).notNull().default('advertiser'),
    status: varchar('status', { length: 16 }).notNull().default('unconfirmed'),
    accountType: varchar('account_type', { length: 16 }).notNull().default('personal'),
    companyName: varchar('company_name', { length: 200 }),
    locale: varchar('locale', { length: 2 }).notNull().default('en'),
    /** The sum of the user's ledger entries (areas/finances/tables.ts), kept in the same transaction as each entry. */
    balance: numeric('balance', { precision: 20, scale: 6 }).notNull().default('0'),
    accountManagerId: integer('account_manager_id').references(() => accountManagers.id, { onDelete: 'set null' }),
    twoFactorMethod: varchar('two_factor_method', { length: 16 }),
    phone: varchar('phone', { length: 40 }),
    companyAddress: varchar('company_address', { length: 300 }),
    companySite: varchar('company_site', { length: 300 }),
    vat: varchar('vat', { length: 40 }),
    additionalInfo: text('additional_info'),
    affiliateCode: varchar('affiliate_code', { length: 64 }),
    adActionsNotifications: boolean('ad_actions_notifications').notNull().default(true),
    campaignActionsNotifications: boolean('campaign_actions_notifications').notNull().default(true),
    campaignTooltipsNotifications: boolean('campaign_tooltips_notifications').notNull().default(true),
    /** Share of referred users' spend paid to this user, in percent (NUMERIC, a decimal string). */
    referralPercent: numeric('referral_percent', { precision: 5, scale: 2 }).notNull().default('5'),
    isCompanyVerified: boolean('is_company_verified').notNull().default(false),
    /** null: never asked; pending, approved, rejected: the account team's answer to "manage my campaigns". */
    fullManageStatus: varchar('full_manage_status', { length: 16 }),
    /** TOTP secret (AES-256-GCM sealed with the server key), set once a code from it was validated. */
    google2faSecret: text('google2fa_secret'),
    /** A secret handed out by GET profile/google2fa, waiting for its first valid code. */
    google2faPendingSecret: text('google2fa_pending_secret'),
    /** The last TOTP time step accepted, so one code cannot be replayed within its window. */
    google2faLastStep: integer('google2fa_last_step'),
    /** Wrong second-step codes since the last sign-in or lock, across codes (a new code does not reset it). */
    secondStepFailures: integer('second_step_failures').notNull().default(0),
    /** Until when the second step refuses every code and mails none, after too many wrong codes. */
    secondStepLockedUntil: timestamp('second_step_locked_until', { withTimezone: true }),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** When the user finished or skipped the welcome screen (config `welcomeScreen`); null: it shows at the next sign-in. */
    welcomeSeenAt: timestamp('welcome_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_network_email_unique').on(t.networkId, t.email),
    // A referrer's referrals: the users of their network who signed up with their code (the referral area).
    index('users_network_affiliate_idx').on(t.networkId, t.affiliateCode).where(sql`${t.affiliateCode} is not null`),
    check('users_role_check', sql`${t.role} in ('advertiser', 'support')`),
    check('users_status_check', sql`${t.status} in ('confirmed', 'unconfirmed')`),
    check('users_account_type_check', sql`${t.accountType} in ('personal', 'company')`),
    check('users_two_factor_check', sql`${t.twoFactorMethod} is null or ${t.twoFactorMethod} in ('email', 'google')`),
    check('users_full_manage_check', sql`${t.fullManageStatus} is null or ${t.fullManageStatus} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * One row per issued token (its `jti`). Every authenticated request checks its row, so logout and refresh
 * really end a token before it expires. `impersonatorId` is set when support acts as the user.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    networkId: varchar('network_id', { length: 40 }).notNull(),
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
    /** The session the sign-in started; its refreshes share it, and logout ends the whole family. */
    familyId: uuid('family_id'),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId, t.createdAt), index('auth_sessions_family_idx').on(t.familyId)],
);

/**
 * Personal API tokens: the API accepts one as a bearer token in place of a session's, limited by its scope (`read`:
 * GET and HEAD only; `full`: every call but the session-only ones). Only a SHA-256 of the token is kept; `publicId`
 * is its first part, shown in lists and used to revoke it, never a secret. Deleting the row revokes it at once.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    publicId: varchar('public_id', { length: 24 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    networkId: varchar('network_id', { length: 40 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    scope: varchar('scope', { length: 8 }).notNull(),
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_public_id_unique').on(t.publicId), index('api_tokens_user_idx').on(t.userId, t.createdAt), check('api_tokens_scope', sql`${t.scope} in ('read', 'full')`)],
);

/** Secrets the embedded default generates once (the JWT key when JWT_SECRET is not set, the chat identity key). */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messengers a user listed (profile, sign-up); `messengerUserId` is set once the network's bot linked the chat. */
export const userMessengers = pgTable(
  'user_messengers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messengerId: integer('messenger_id').notNull(),
    nickname: varchar('nickname', { length: 120 }).notNull(),
    messengerUserId: varchar('messenger_user_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_messengers_user_messenger_unique').on(t.userId, t.messengerId)],
);

/**
 * Single-use secrets sent to a user: e-mail confirmation links, sign-in codes, password reset and impersonation
 * tokens, Telegram link tokens. Only an HMAC of the secret is stored; `attempts` counts wrong guesses.
 */
export const userCodes = pgTable(
  'user_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    networkId: varchar('network_id', { length: 40 }).notNull(),
    purpose: varchar('purpose', { length: 24 }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    impersonatorId: integer('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('user_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
    check('user_codes_purpose_check', sql`${t.purpose} in ('email_confirm', 'login_email', 'login_google', 'password_reset', 'impersonate', 'telegram_link')`),
  ],
);

/** Every e-mail the server sends, sent or not: the development reader and the SMTP sender work from here. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    networkId: varchar('network_id', { length: 40 }).notNull(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    kind: varchar('kind', { length: 80 }).notNull(),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);

/** Built-in captcha challenges: the answer is kept here (hashed), never in the question or its id. */
export const captchaChallenges = pgTable('captcha_challenges', {
  id: uuid('id').primaryKey(),
  networkId: varchar('network_id', { length: 40 }).notNull(),
  answerHash: text('answer_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** In-panel notifications; the browser translates them by `type` (schemas/notifications/notification-types.json). */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 64 }).notNull(),
    category: varchar('category', { length: 48 }).notNull(),
    entityType: varchar('entity_type', { length: 24 }),
    entityId: integer('entity_id'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The periodic jobs (server/jobs/): one row per job name, its next run and the lease of the process running it.
 * A process takes a due job with `FOR UPDATE SKIP LOCKED` and a lease, so several API processes on one PostgreSQL
 * run each job once per period, and a process that died mid-run gives the job back when its lease ends.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: varchar('name', { length: 80 }).primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/**
 * One-off work to do later and retry until it succeeds (a webhook delivery, a recurring charge): taken the same way,
 * one process at a time, retried with growing delays up to `maxAttempts`, then left with its last error.
 */
export const jobQueue = pgTable(
  'job_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 80 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_queue_due_idx').on(t.runAt).where(sql`${t.doneAt} is null`)],
);
