/**
 * RTB (the rtb area): the networks (DSPs) an advertiser asks to connect, reviewed by staff, and the advertiser's
 * RTB endpoints, bidders we send OpenRTB bid requests to.
 * Tables are the database contract areas share: another area may import this file (foreign keys, joins).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { EndpointTest, RtbEndpointAnswer, RtbRtbNetworkAnswer } from '../../../generated/types';
import { users } from '../../db/schema';

/**
 * A request to connect an RTB network (the spec's Network: ad formats, platform, server location, protocols,
 * IPv6, DSP name and website). Staff review it: pending, then approved or rejected. `network_id` is the white-label
 * network the request was sent on, for the staff of that network.
 */
export const rtbNetworks = pgTable(
  'rtb_networks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    networkId: varchar('network_id', { length: 40 }).notNull(),
    adFormats: jsonb('ad_formats').$type<string[]>().notNull(),
    platform: varchar('platform', { length: 16 }).$type<RtbRtbNetworkAnswer['platform']>().notNull(),
    serverLocation: varchar('server_location', { length: 16 }).$type<RtbRtbNetworkAnswer['server_location']>().notNull(),
    openRtb: boolean('open_rtb').notNull(),
    xml: boolean('xml').notNull(),
    ipv6Support: boolean('ipv6_support').notNull(),
    dsp: varchar('dsp', { length: 100 }).notNull(),
    websiteLink: varchar('website_link', { length: 2048 }).notNull(),
    status: varchar('status', { length: 16 }).$type<RtbRtbNetworkAnswer['status']>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rtb_networks_user_idx').on(t.userId, t.createdAt),
    index('rtb_networks_review_idx').on(t.networkId, t.status),
    check('rtb_networks_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('rtb_networks_protocol_check', sql`${t.openRtb} or ${t.xml}`),
  ],
);

/**
 * A bidder of the advertiser: we send it bid requests (`protocol`) for impressions of `ad_formats`, at most `qps`
 * a second, waiting `timeout_ms` (tmax). `last_test` is the latest test bid request (POST rtb-endpoints/{id}/test),
 * cleared when what it tested (URL, protocol, formats, timeout) changes. Names are unique per user in any case.
 */
export const rtbEndpoints = pgTable(
  'rtb_endpoints',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    url: varchar('url', { length: 2048 }).notNull(),
    protocol: varchar('protocol', { length: 16 }).$type<RtbEndpointAnswer['protocol']>().notNull(),
    adFormats: jsonb('ad_formats').$type<string[]>().notNull(),
    serverLocation: varchar('server_location', { length: 16 }).$type<RtbEndpointAnswer['server_location']>().notNull(),
    qps: integer('qps').notNull(),
    timeoutMs: integer('timeout_ms').notNull().default(300),
    status: varchar('status', { length: 16 }).$type<RtbEndpointAnswer['status']>().notNull().default('active'),
    lastTest: jsonb('last_test').$type<EndpointTest>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rtb_endpoints_user_name_unique').on(t.userId, sql`lower(${t.name})`),
    index('rtb_endpoints_user_idx').on(t.userId, t.createdAt),
    check('rtb_endpoints_status_check', sql`${t.status} in ('active', 'paused')`),
    check('rtb_endpoints_qps_check', sql`${t.qps} between 1 and 10000`),
    check('rtb_endpoints_timeout_check', sql`${t.timeoutMs} between 50 and 2000`),
  ],
);
