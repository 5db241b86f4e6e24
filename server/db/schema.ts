/**
 * Database tables (Drizzle, PostgreSQL dialect): the same definitions run on PGlite and on a PostgreSQL server.
 * Money is NUMERIC and travels as decimal strings; never a float.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';

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
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId, t.createdAt)],
);

/** Secrets the embedded default generates once (the JWT key when JWT_SECRET is not set, the chat identity key). */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
