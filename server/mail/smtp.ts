import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';

/** One message to deliver. */
export interface SmtpMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A small SMTP client (RFC 5321) on node's net/tls: `smtp://user:pass@host:587` (STARTTLS when the server offers
 * it) or `smtps://user:pass@host:465` (TLS from the start), AUTH PLAIN when credentials are given, one message per
 * connection. Enough for a relay (Postfix, SES, Mailgun, Mailpit); no pooling, no attachments.
 */
export async function sendSmtp(url: string, message: SmtpMessage, timeoutMs = 20_000): Promise<void> {
  const target = new URL(url);
  if (target.protocol !== 'smtp:' && target.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${target.protocol}`);
  const host = target.hostname;
  const port = Number(target.port || (target.protocol === 'smtps:' ? 465 : 25));
  let socket: Socket | TLSSocket =
    target.protocol === 'smtps:' ? tlsConnect({ host, port, servername: host }) : netConnect({ host, port });
  socket.setTimeout(timeoutMs, () => socket.destroy(new Error('SMTP timeout')));

  let buffer = '';
  let waiting: ((reply: { code: number; text: string }) => void) | null = null;
  let failure: Error | null = null;
  const onData = (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    // A reply ends with a line "NNN text" (a space, not a dash, after the code).
    const match = /(?:^|\r\n)(\d{3}) [^\r\n]*\r\n$/.exec(buffer);
    if (match && waiting) {
      const reply = { code: Number(match[1]), text: buffer };
      buffer = '';
      const resolve = waiting;
      waiting = null;
      resolve(reply);
    }
  };
  const attach = (s: Socket | TLSSocket) => {
    s.on('data', onData);
    s.on('error', (e) => (failure = e));
  };
  attach(socket);

  const read = () =>
    new Promise<{ code: number; text: string }>((resolve, reject) => {
      if (failure) return reject(failure);
      waiting = resolve;
      socket.once('error', reject);
      socket.once('close', () => reject(failure ?? new Error('SMTP connection closed')));
    });
  const command = async (line: string | null, expect: number[]) => {
    const pending = read();
    if (line !== null) socket.write(`${line}\r\n`);
    const reply = await pending;
    if (!expect.includes(reply.code)) throw new Error(`SMTP ${line?.split(' ')[0] ?? 'greeting'}: ${reply.text.trim()}`);
    return reply;
  };

  try {
    await command(null, [220]);
    let ehlo = await command('EHLO adpanel', [250]);
    if (target.protocol === 'smtp:' && /STARTTLS/i.test(ehlo.text)) {
      await command('STARTTLS', [220]);
      socket.removeListener('data', onData);
      socket = tlsConnect({ socket, servername: host });
      attach(socket);
      await new Promise<void>((resolve, reject) => (socket as TLSSocket).once('secureConnect', resolve).once('error', reject));
      ehlo = await command('EHLO adpanel', [250]);
    }
    if (target.username) {
      const auth = Buffer.from(`\0${decodeURIComponent(target.username)}\0${decodeURIComponent(target.password)}`).toString('base64');
      await command(`AUTH PLAIN ${auth}`, [235]);
    }
    await command(`MAIL FROM:<${message.from}>`, [250]);
    await command(`RCPT TO:<${message.to}>`, [250, 251]);
    await command('DATA', [354]);
    await command(`${mime(message).replace(/^\./gm, '..')}\r\n.`, [250]);
    await command('QUIT', [221]).catch(() => undefined);
  } finally {
    socket.destroy();
  }
}

const header = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString('base64')}?=`);
const base64Lines = (text: string) => Buffer.from(text).toString('base64').replace(/.{76}/g, '$&\r\n');

/** A multipart/alternative message (text and HTML, base64 bodies so any UTF-8 text travels safely). */
export function mime(message: SmtpMessage): string {
  const boundary = `b${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  return [
    `From: ${message.from}`,
    `To: ${message.to}`,
    `Subject: ${header(message.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(message.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(message.html),
    `--${boundary}--`,
  ].join('\r\n');
}
