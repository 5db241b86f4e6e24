import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { notifications } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { renderMail } from '../mail/templates';
import type { UserRow } from '../repositories/usersRepository';
import { notificationType } from './notificationTypes';
import type { UnsubscribeSigner } from './unsubscribe';
import type { ServerTexts } from '../i18n/serverTexts';

export type NotificationRow = typeof notifications.$inferSelect;

/** Where a notification mail's links point (the network's page origin). */
export interface MailContext {
  networkHost: string;
  networkName: string;
  origin: string;
}

/** The list item `GET notifications` answers. */
export function notificationItem(row: NotificationRow) {
  return {
    id: row.id,
    type: row.type,
    category: row.category,
    entity_type: row.entityType,
    entity_id: row.entityId,
    params: row.params,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt ? row.readAt.toISOString() : null,
  };
}

/**
 * In-panel notifications of users, and their mails: campaign and approval news honour
 * `campaign_actions_notifications`, ad news `ad_actions_notifications`; account and money news always go out.
 * Every notification mail carries the signed unsubscribe link.
 */
export function createNotifications(db: Db, mailer: Mailer, unsubscribe: UnsubscribeSigner, texts?: Pick<ServerTexts, 'notification'>) {
  function wantsMail(user: UserRow, category: string): boolean {
    if (category === 'ad') return user.adActionsNotifications;
    if (category === 'campaign' || category === 'approvable') return user.campaignActionsNotifications;
    return true;
  }

  return {
    /** Records a notification (and mails it when `mail` is given and the user wants such mails). */
    async create(user: UserRow, type: string, input: { entityId?: number | null; params?: Record<string, unknown>; mail?: MailContext; createdAt?: Date } = {}): Promise<NotificationRow> {
      const info = notificationType(type);
      const params = input.params ?? {};
      const [row] = await db
        .insert(notifications)
        .values({
          userId: user.id,
          type,
          category: info.category,
          entityType: input.entityId != null ? info.entityType : null,
          entityId: input.entityId ?? null,
          params,
          ...(input.createdAt ? { createdAt: input.createdAt } : {}),
        })
        .returning();
      if (input.mail && wantsMail(user, info.category)) {
        const values = Object.fromEntries(Object.entries({ ...params, entity_id: input.entityId ?? '' }).map(([k, v]) => [k, String(v)]));
        // The user's language, as the panel shows the notification; the English title where the locale lacks it.
        const title = texts?.notification(user.locale, type, values) ?? info.title.replace(/\{(\w+)\}/g, (m, key: string) => values[key] ?? m);
        const mail = renderMail('notification', user.locale, { network: input.mail.networkName, name: user.name, title }, {
          action: `${input.mail.origin}/notification`,
          unsubscribe: unsubscribe.link(input.mail.origin, user.networkId, user.email),
        });
        await mailer.send({ networkId: user.networkId, networkHost: input.mail.networkHost, to: user.email, kind: `notification:${type}`, mail });
      }
      return row;
    },

    /** One page of a user's notifications, newest first; `perPage` -1 is all. */
    async list(userId: number, input: { page: number; perPage: number; status: 'unread' | 'all' }) {
      const where = input.status === 'unread' ? and(eq(notifications.userId, userId), isNull(notifications.readAt)) : eq(notifications.userId, userId);
      const query = db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id));
      const rows = input.perPage === -1 ? await query : await query.limit(input.perPage).offset((input.page - 1) * input.perPage);
      const [{ n: total }] = await db.select({ n: count() }).from(notifications).where(where);
      return { rows, total };
    },

    /** How many unread notifications a user has. */
    async unread(userId: number): Promise<number> {
      const [{ n }] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return n;
    },

    /** Marks one notification read; false when the user has no such notification. */
    async read(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    /** Marks every notification read; returns how many were unread. */
    async readAll(userId: number): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /** Deletes every notification of a user; returns how many. */
    async removeAll(userId: number): Promise<number> {
      const rows = await db.delete(notifications).where(eq(notifications.userId, userId)).returning({ id: notifications.id });
      return rows.length;
    },
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
