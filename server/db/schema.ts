/**
 * Database tables (Drizzle, PostgreSQL dialect): the same definitions run on PGlite and on a PostgreSQL server.
 * Money is NUMERIC and travels as decimal strings; never a float.
 */
import { sql } from 'drizzle-orm';
import type { Approval, CampaignState } from '../../generated/types';
import { bigint, bigserial, boolean, check, customType, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

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
    balance: numeric('balance', { precision: 18, scale: 4 }).notNull().default('0'),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_network_email_unique').on(t.networkId, t.email),
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
    kind: varchar('kind', { length: 40 }).notNull(),
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

/** In-panel notifications; the browser translates them by `type` (schemas/api/notification-types.json). */
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

/** What a user spent, per day (and campaign, once campaigns exist); statistics write here, week-spent sums it. */
export const spendLedger = pgTable(
  'spend_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spentOn: date('spent_on', { mode: 'string' }).notNull(),
    campaignId: integer('campaign_id'),
    amount: numeric('amount', { precision: 18, scale: 4 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('spend_ledger_user_day_idx').on(t.userId, t.spentOn)],
);

/** Raw bytes (PostgreSQL bytea) as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files (images, videos, HTML5 packages, documents). Bytes live in `media_blobs`, so any API process
 * behind a load balancer can serve them; `token` is the unguessable part of the public address
 * (`/media-files/<token>/<name>`), because an <img> or <video> cannot send a bearer token.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    networkId: varchar('network_id', { length: 40 }).notNull(),
    token: varchar('token', { length: 64 }).notNull(),
    /** image, video, package (zipped HTML5 banner), document (verification papers). */
    kind: varchar('kind', { length: 16 }).notNull(),
    mimeType: varchar('mime_type', { length: 80 }).notNull(),
    /** The file name as uploaded, cleaned to a safe base name. */
    name: varchar('name', { length: 200 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** width, height (images), entry (a package's start page), document kind, … */
    customProperties: jsonb('custom_properties').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_files_token_unique').on(t.token),
    index('media_files_user_idx').on(t.userId, t.createdAt),
    check('media_files_kind_check', sql`${t.kind} in ('image', 'video', 'package', 'document')`),
  ],
);

/** The bytes of a media file; a package has one row per file inside it (`path` relative to its root), '' otherwise. */
export const mediaBlobs = pgTable(
  'media_blobs',
  {
    id: serial('id').primaryKey(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => mediaFiles.id, { onDelete: 'cascade' }),
    path: varchar('path', { length: 300 }).notNull().default(''),
    mimeType: varchar('mime_type', { length: 80 }).notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [uniqueIndex('media_blobs_media_path_unique').on(t.mediaId, t.path)],
);

/**
 * Ads. `format` is the stable id of a folder under schemas/ad-formats/; `model` holds the ad-level fields of
 * that format's form (everything except `name` and `creatives`), validated by its schema on every save.
 * Status: creating (being set up), created (ready), archived (deleted by the advertiser; kept for campaigns
 * and statistics, hidden from the table).
 */
export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    networkId: varchar('network_id', { length: 40 }).notNull(),
    format: varchar('format', { length: 40 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('created'),
    size: varchar('size', { length: 20 }),
    model: jsonb('model').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ads_user_idx').on(t.userId, t.status, t.createdAt),
    check('ads_status_check', sql`${t.status} in ('created', 'creating', 'archived')`),
  ],
);

/** The creatives of an ad, in form order; each can be switched off on its own. */
export const adCreatives = pgTable(
  'ad_creatives',
  {
    id: serial('id').primaryKey(),
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_creatives_ad_idx').on(t.adId, t.position)],
);

/** Why moderation turned an ad down (the spec's reject cause: id, name, details, is_system). */
export const rejectCauses = pgTable('reject_causes', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  details: text('details').notNull().default(''),
  isSystem: boolean('is_system').notNull().default(false),
});

/**
 * Moderation history of an ad, newest last: pending on every create and edit, then approved, rejected (with a
 * cause) or needs_edits by an operator. The latest row is the ad's `latest_approval`.
 */
export const adApprovals = pgTable(
  'ad_approvals',
  {
    id: serial('id').primaryKey(),
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).$type<Approval['status']>().notNull(),
    details: text('details'),
    rejectCauseId: integer('reject_cause_id').references(() => rejectCauses.id, { onDelete: 'set null' }),
    /** Who decided: an operator's name, or null for the panel's own step (pending on save). */
    moderator: varchar('moderator', { length: 120 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ad_approvals_ad_idx').on(t.adId, t.id),
    check('ad_approvals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'needs_edits')`),
  ],
);

/** What the content scanner found in an ad when it was saved (URLs, HTML, packages). */
export const adScanReports = pgTable(
  'ad_scan_reports',
  {
    id: serial('id').primaryKey(),
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    /** clean, warning (a person should look) or blocked (refused automatically). */
    verdict: varchar('verdict', { length: 16 }).notNull(),
    findings: jsonb('findings').$type<{ field: string; rule: string; detail: string; text?: string; values?: Record<string, string>; severity?: 'warning' | 'blocked' }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_scan_reports_ad_idx').on(t.adId, t.id)],
);

/** An advertiser's folders for campaigns (the spec's campaign group: id, name). */
export const campaignGroups = pgTable(
  'campaign_groups',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('campaign_groups_user_name_unique').on(t.userId, sql`lower(${t.name})`)],
);

/**
 * Campaigns. `model` is the whole campaign form (schemas/campaign/campaign.schema.json) as last saved; the
 * columns beside it are what the table filters, sorts and bills by. Status is the advertiser's switch
 * (active, paused, archived = deleted); `next_status` is what the campaign becomes once moderation approves it.
 * Money is NUMERIC: prices to 4 decimals, limits and reserved balance to 2.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    networkId: varchar('network_id', { length: 40 }).notNull(),
    adId: integer('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'restrict' }),
    adFormat: varchar('ad_format', { length: 40 }).notNull(),
    groupId: integer('group_id').references(() => campaignGroups.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 120 }).notNull(),
    status: varchar('status', { length: 16 }).$type<CampaignState['status']>().notNull().default('paused'),
    nextStatus: varchar('next_status', { length: 16 }).$type<CampaignState['next_status']>(),
    pricingModel: varchar('pricing_model', { length: 16 }).notNull(),
    price: numeric('price', { precision: 14, scale: 4 }).notNull(),
    limitType: varchar('limit_type', { length: 16 }).notNull().default('money'),
    hourlyLimit: numeric('hourly_limit', { precision: 16, scale: 2 }),
    dailyLimit: numeric('daily_limit', { precision: 16, scale: 2 }),
    totalLimit: numeric('total_limit', { precision: 16, scale: 2 }),
    reservedBalance: numeric('reserved_balance', { precision: 18, scale: 2 }).notNull().default('0'),
    cpaStatus: varchar('cpa_status', { length: 24 }).notNull().default('disabled'),
    statisticGatheringDone: boolean('statistic_gathering_done').notNull().default(false),
    /** Set when a limit stopped the campaign: which one (hourly, daily, total) of which type. */
    limitExceededName: varchar('limit_exceeded_name', { length: 16 }),
    limitExceededType: varchar('limit_exceeded_type', { length: 16 }),
    flatDealApplicationId: integer('flat_deal_application_id'),
    /** The campaign this one was created from as an offer (create-offer-campaign), if any. */
    offerOfId: integer('offer_of_id'),
    model: jsonb('model').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_user_idx').on(t.userId, t.status, t.createdAt),
    index('campaigns_ad_idx').on(t.adId),
    check('campaigns_status_check', sql`${t.status} in ('active', 'paused', 'archived')`),
    check('campaigns_next_status_check', sql`${t.nextStatus} is null or ${t.nextStatus} in ('active', 'paused')`),
    check('campaigns_limit_type_check', sql`${t.limitType} in ('money', 'impressions', 'clicks')`),
    check('campaigns_cpa_status_check', sql`${t.cpaStatus} in ('disabled', 'testing', 'test_unsuccessful', 'test_successful')`),
  ],
);

/** Moderation history of a campaign, newest last (same statuses as ads); the latest row is `latest_approval`. */
export const campaignApprovals = pgTable(
  'campaign_approvals',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).$type<Approval['status']>().notNull(),
    details: text('details'),
    rejectCauseId: integer('reject_cause_id').references(() => rejectCauses.id, { onDelete: 'set null' }),
    moderator: varchar('moderator', { length: 120 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_approvals_campaign_idx').on(t.campaignId, t.id),
    check('campaign_approvals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'needs_edits')`),
  ],
);

/**
 * Automatic rules of a campaign: when every condition holds over the last `period_days` of its statistics,
 * do `action` (pause, activate, change the price, blacklist the worst site or spot).
 */
export const campaignUpdatingRules = pgTable(
  'campaign_updating_rules',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 32 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    periodDays: integer('period_days').notNull(),
    conditions: jsonb('conditions').$type<{ field: string; operation: 'greater' | 'equal' | 'less'; value: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaign_updating_rules_campaign_idx').on(t.campaignId)],
);

/**
 * A campaign's statistics per day (a rollup of the ad server's events): what updating rules, the campaign
 * table's spend and the campaign view read. Money to 4 decimals (costs are fractions of a cent).
 */
export const campaignStatsDaily = pgTable(
  'campaign_stats_daily',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
    spend: numeric('spend', { precision: 18, scale: 4 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);

/**
 * The network's traffic per day, format and country, split by one dimension at a time (`dimension` = 'all' with
 * `value_id` 0 for the totals; 'os', 'browser', ... with the value's id). The traffic estimate of the campaign
 * form and the traffic chart read it. Spend is what advertisers paid for the impressions sold.
 */
export const trafficDaily = pgTable(
  'traffic_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    adFormat: varchar('ad_format', { length: 40 }).notNull(),
    countryId: integer('country_id').notNull(),
    dimension: varchar('dimension', { length: 24 }).notNull(),
    valueId: integer('value_id').notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull().default(0),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
    spend: numeric('spend', { precision: 18, scale: 4 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.adFormat, t.dimension, t.countryId, t.valueId, t.day] }), index('traffic_daily_day_idx').on(t.day)],
);

/**
 * The ad server's event log: one row per logged event of a campaign (`kind`: request, bid, win, impression,
 * click, video_view, conversion, see server/services/statistics/events.ts). Requests and bids are logged sampled,
 * one line per `weight` events; the rest with weight 1. Statistics never scan it: they read the rollups below,
 * which `rollupStatistics` rebuilds from it for the hours that changed. Cost to 6 decimals: a CPM impression
 * costs a thousandth of the price.
 */
export const statEvents = pgTable(
  'stat_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** The ad creative shown (0 for requests and bids, which precede the choice of a creative). */
    creativeId: integer('creative_id').notNull().default(0),
    kind: smallint('kind').notNull(),
    weight: integer('weight').notNull().default(1),
    /** Traffic provider (supply-side platform) the request came from: server/reference/trafficProviders.ts. */
    providerId: integer('provider_id').notNull(),
    countryId: integer('country_id').notNull(),
    browserId: integer('browser_id').notNull().default(0),
    osId: integer('os_id').notNull().default(0),
    /** 0 on fixed lines and Wi-Fi. */
    carrierId: integer('carrier_id').notNull().default(0),
    platformId: integer('platform_id').notNull().default(0),
    /** 0 when the provider does not say (XML feeds often hide it). */
    siteId: integer('site_id').notNull().default(0),
    spotId: integer('spot_id').notNull().default(0),
    cost: numeric('cost', { precision: 18, scale: 6 }).notNull().default('0'),
    /** What a conversion was worth to the advertiser (their postback's payout). */
    payout: numeric('payout', { precision: 18, scale: 4 }).notNull().default('0'),
  },
  (t) => [index('stat_events_time_idx').on(t.occurredAt), index('stat_events_user_time_idx').on(t.userId, t.occurredAt)],
);

/** The metric columns both rollups share. */
const rollupMetrics = () => ({
  requests: bigint('requests', { mode: 'number' }).notNull().default(0),
  bids: bigint('bids', { mode: 'number' }).notNull().default(0),
  wins: bigint('wins', { mode: 'number' }).notNull().default(0),
  impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  videoViews: bigint('video_views', { mode: 'number' }).notNull().default(0),
  conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
  cost: numeric('cost', { precision: 18, scale: 6 }).notNull().default('0'),
  payouts: numeric('payouts', { precision: 18, scale: 4 }).notNull().default('0'),
});

/** Hourly rollup of `stat_events` by campaign and creative: the hour, creative and per-format groupings read it. */
export const statHourly = pgTable(
  'stat_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').notNull(),
    creativeId: integer('creative_id').notNull(),
    ...rollupMetrics(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hour, t.campaignId, t.creativeId] })],
);

/**
 * Daily rollup of `stat_events` by campaign and one traffic dimension at a time (`dimension`: country, browser,
 * operating_system, carrier, traffic_platform, site, spot, traffic_provider; `value_id` 0 = unknown; `all` with 0 for the
 * campaign-day's totals, which date and campaign groupings and the series read): the dimension groupings read
 * it. Daily, not hourly: the screens filter whole days, and an hourly split of every site would outgrow the log.
 */
export const statDaily = pgTable(
  'stat_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id').notNull(),
    dimension: varchar('dimension', { length: 24 }).notNull(),
    valueId: integer('value_id').notNull(),
    ...rollupMetrics(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dimension, t.day, t.campaignId, t.valueId] })],
);
