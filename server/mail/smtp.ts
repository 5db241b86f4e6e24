import { createTransport, type NodemailerError, type SMTPPoolOptions } from 'nodemailer';

/** A file sent with a mail (an invoice's PDF): the bytes themselves, never a path or URL to read them from. */
export interface SmtpAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** One message to deliver. */
export interface SmtpMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: SmtpAttachment[];
}

/** A pooled SMTP connection to the relay of SMTP_URL. */
export interface SmtpSender {
  /** Delivers one message. @throws {Error} `SMTP <command>: <the server's answer>` (or why no answer came). */
  send(message: SmtpMessage): Promise<void>;
  /** Closes the pool's connections (after `send`s in flight: the caller waits for them first). */
  close(): void;
}

/** The query parameters SMTP_URL may carry, nodemailer's names. */
const FLAGS = ['requireTLS'] as const;

/**
 * The nodemailer options of an SMTP_URL: `smtp://user:pass@host:587` (STARTTLS when the server offers it; add
 * `?requireTLS=true` to refuse a relay that does not, instead of sending in clear) or `smtps://user:pass@host:465`
 * (TLS from the start); the port defaults to 25 and 465. User and password are URL-encoded (`%40` for `@`).
 * Certificates are checked.
 * @throws {Error} on another scheme, no host or an unknown query parameter (at start, not at the first mail).
 */
export function smtpOptions(url: string, timeoutMs = 20_000): SMTPPoolOptions {
  const target = new URL(url);
  if (target.protocol !== 'smtp:' && target.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${target.protocol}`);
  if (!target.hostname) throw new Error('SMTP_URL names no host');
  const flags: Partial<Record<(typeof FLAGS)[number], boolean>> = {};
  for (const [key, value] of target.searchParams) {
    const flag = FLAGS.find((f) => f === key);
    if (!flag || !/^(?:true|false|1|0)$/.test(value)) throw new Error(`SMTP_URL: unknown parameter ${key}=${value} (known: ${FLAGS.map((f) => `${f}=true`).join(', ')})`);
    flags[flag] = value === 'true' || value === '1';
  }
  const secure = target.protocol === 'smtps:';
  return {
    pool: true,
    host: target.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: Number(target.port || (secure ? 465 : 25)),
    secure,
    requireTLS: !secure && flags.requireTLS === true,
    auth: target.username ? { user: decodeURIComponent(target.username), pass: decodeURIComponent(target.password) } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: 3 * timeoutMs,
    // Messages are built from the given strings and buffers only: nodemailer never reads a file or fetches a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** Why a send failed, in one line for the outbox's `error` and the log: the command and the server's answer. */
function describe(error: NodemailerError): Error {
  const what = error.response ? `SMTP ${error.command ?? 'reply'}: ${error.response}` : `SMTP: ${error.message}`;
  return new Error(what.replace(/\s+/g, ' ').trim(), { cause: error });
}

/**
 * A nodemailer pooled SMTP transport for SMTP_URL (see `smtpOptions`): a few connections kept open and reused,
 * AUTH (PLAIN or LOGIN, as the server offers) when the URL has credentials, attachments as MIME parts.
 * Nodemailer's own logger stays off: its transcript would carry codes and links.
 */
export function createSmtpSender(url: string, options: { timeoutMs?: number } = {}): SmtpSender {
  const transport = createTransport({ ...smtpOptions(url, options.timeoutMs), pool: true, logger: false, debug: false });
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: message.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
        });
      } catch (error) {
        throw describe(error as NodemailerError);
      }
    },
    close() {
      transport.close();
    },
  };
}
