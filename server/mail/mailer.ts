import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect';
import { mailOutbox } from '../db/schema';
import { createSmtpSender, type SmtpAttachment, type SmtpSender } from './smtp';
import type { RenderedMail } from './templates';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export interface MailerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** smtp://user:pass@host:587 (`?requireTLS=true`) or smtps://...; without it mails stay in the outbox (and the log). */
  smtpUrl?: string;
  /** Sender address; default no-reply@<the network's first host>. */
  from?: string;
}

/**
 * Every mail goes to the `mail_outbox` table first and gets one info line in the log. Without SMTP the line carries
 * the mail's links and sign-in code: the server's own log is then how a person at a demo reads them. With SMTP_URL
 * the mail is delivered (after the answer, so a slow relay never slows a request), `sent_at` or `error` is recorded,
 * and the log names only the kind and recipient: reset links and codes are keys to an account, not log lines.
 * SMTP goes through one pooled nodemailer transport (`smtp.ts`), made here (a bad SMTP_URL fails at start) and
 * closed by `close()`.
 */
export function createMailer({ db, log, smtpUrl, from }: MailerOptions) {
  const pending = new Set<Promise<void>>();
  const smtp = smtpUrl ? createSmtpSender(smtpUrl) : null;

  async function deliver(transport: SmtpSender, row: OutboxRow, sender: string, attachments: SmtpAttachment[] | undefined) {
    try {
      await transport.send({ from: sender, to: row.to, subject: row.subject, text: row.text, html: row.html, attachments });
      await db.update(mailOutbox).set({ sentAt: sql`now()` }).where(eq(mailOutbox.id, row.id));
    } catch (e) {
      log.error({ err: e, mailId: row.id }, 'mail delivery failed');
      await db.update(mailOutbox).set({ error: String((e as Error).message).slice(0, 1000) }).where(eq(mailOutbox.id, row.id));
    }
  }

  return {
    /**
     * Queues a rendered mail; returns its outbox row. `attachments` (an invoice's PDF) travel with the SMTP
     * delivery only: the outbox keeps the texts, not the files.
     */
    async send(input: { networkId: string; networkHost: string; to: string; kind: string; mail: RenderedMail; code?: string; attachments?: SmtpAttachment[] }): Promise<OutboxRow> {
      const [row] = await db
        .insert(mailOutbox)
        .values({ networkId: input.networkId, to: input.to, subject: input.mail.subject, text: input.mail.text, html: input.mail.html, kind: input.kind, links: input.mail.links })
        .returning();
      const secrets = smtp ? [] : [...input.mail.links, ...(input.code ? [`code ${input.code}`] : [])];
      log.info(`mail #${row.id} ${input.kind} to ${input.to}${secrets.length ? `: ${secrets.join(' ')}` : ''}`);
      if (smtp) {
        const job = deliver(smtp, row, from ?? `no-reply@${input.networkHost}`, input.attachments).finally(() => pending.delete(job));
        pending.add(job);
      }
      return row;
    },

    /** The newest mails of a network, optionally to one address (the development reader). */
    async list(input: { networkId: string; to?: string; limit: number }): Promise<OutboxRow[]> {
      return db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.networkId, input.networkId), input.to ? eq(mailOutbox.to, input.to.trim().toLowerCase()) : undefined))
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(input.limit);
    },

    /** Waits for deliveries in flight (tests). */
    async drain(): Promise<void> {
      await Promise.all([...pending]);
    },

    /** Server shutdown: waits for deliveries in flight, then closes the SMTP pool's connections. */
    async close(): Promise<void> {
      await Promise.all([...pending]);
      smtp?.close();
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
