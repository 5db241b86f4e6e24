import PostalMime from 'postal-mime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSmtp } from '../../tests/api/fakeSmtp';
import { createSmtpSender, smtpOptions, type SmtpSender } from './smtp';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

/** A fake server and a sender to it (both closed after the test). */
async function setup(url: (port: number) => string, options: Parameters<typeof fakeSmtp>[0] = {}) {
  const server = await fakeSmtp(options);
  const sender = createSmtpSender(url(server.port), { timeoutMs: 5_000 });
  cleanups.push(server.close, () => sender.close());
  return { server, sender };
}

const message = { from: 'no-reply@adnet.test', to: 'nora@example.test', subject: 'Grüße', text: 'Hello\n.\nline with a dot', html: '<p>Hello</p>' };

/** The reason a send failed. */
const failure = (sender: SmtpSender, extra: Partial<typeof message> = {}) => sender.send({ ...message, ...extra }).then(() => 'sent', (e: Error) => e.message);

describe('createSmtpSender (nodemailer, pooled)', () => {
  it('authenticates with AUTH PLAIN from the URL, sends one multipart text and HTML message', async () => {
    const { server, sender } = await setup((port) => `smtp://user%40x:p%40ss@127.0.0.1:${port}`);
    await sender.send(message);
    expect(server.lines[0]).toMatch(/^EHLO /);
    expect(server.lines[1]).toBe(`AUTH PLAIN ${Buffer.from('\0user@x\0p@ss').toString('base64')}`);
    expect(server.logins).toEqual([{ user: 'user@x', pass: 'p@ss', mechanism: 'PLAIN' }]);
    expect(server.lines.slice(2)).toEqual(['MAIL FROM:<no-reply@adnet.test>', 'RCPT TO:<nora@example.test>', 'DATA']);
    expect(server.messages).toHaveLength(1);
    expect(server.messages[0]).toMatch(/^Content-Type: multipart\/alternative;/m);
    const mail = await PostalMime.parse(server.messages[0]);
    expect(mail.subject).toBe('Grüße');
    expect(mail.from?.address).toBe('no-reply@adnet.test');
    expect(mail.to?.map((t) => t.address)).toEqual(['nora@example.test']);
    // The line that is only a dot survives the transfer (dot stuffing).
    expect(mail.text?.replace(/\r\n/g, '\n')).toBe(`${message.text}\n`);
    expect(mail.html?.trimEnd()).toBe(message.html);
    expect(mail.attachments).toEqual([]);
  });

  it('uses AUTH LOGIN when that is what the server offers', async () => {
    const { server, sender } = await setup((port) => `smtp://mailer:s3cret@127.0.0.1:${port}`, { auth: ['LOGIN'] });
    await sender.send(message);
    expect(server.lines[1]).toBe('AUTH LOGIN');
    expect(server.logins).toEqual([{ user: 'mailer', pass: 's3cret', mechanism: 'LOGIN' }]);
    expect(server.messages).toHaveLength(1);
  });

  it('sends no AUTH when the URL has no credentials', async () => {
    const { server, sender } = await setup((port) => `smtp://127.0.0.1:${port}`);
    await sender.send(message);
    expect(server.lines.some((l) => l.startsWith('AUTH'))).toBe(false);
    expect(server.messages).toHaveLength(1);
  });

  it('sends an attachment as a MIME part with its name, type and exact bytes', async () => {
    const { server, sender } = await setup((port) => `smtp://127.0.0.1:${port}`);
    // Every byte value, as a PDF would carry binary streams.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from('\n%%EOF\n')]);
    await sender.send({ ...message, attachments: [{ filename: 'Invoice 2026-11 №7.pdf', content: pdf, contentType: 'application/pdf' }] });
    expect(server.messages[0]).toMatch(/^Content-Type: multipart\/mixed;/m);
    expect(server.messages[0]).toMatch(/^Content-Disposition: attachment;/m);
    const mail = await PostalMime.parse(server.messages[0]);
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment).toMatchObject({ filename: 'Invoice 2026-11 №7.pdf', mimeType: 'application/pdf', disposition: 'attachment' });
    expect(Buffer.from(attachment.content as ArrayBuffer).equals(pdf)).toBe(true);
    // The texts are still there beside it.
    expect(mail.html?.trimEnd()).toBe(message.html);
  });

  it('keeps one connection for several mails and closes it when closed', async () => {
    const { server, sender } = await setup((port) => `smtp://u:p@127.0.0.1:${port}`);
    await sender.send(message);
    await sender.send({ ...message, to: 'second@example.test' });
    expect(server.messages).toHaveLength(2);
    expect(server.connections()).toEqual({ opened: 1, closed: 0 });
    expect(server.logins).toHaveLength(1);
    sender.close();
    await vi.waitFor(() => expect(server.connections()).toEqual({ opened: 1, closed: 1 }));
  });

  it('fails with the command and the server answer when a recipient is refused', async () => {
    const { server, sender } = await setup((port) => `smtp://127.0.0.1:${port}`, { rejectRcpt: true });
    expect(await failure(sender)).toBe('SMTP RCPT TO: 550 no such user');
    expect(server.messages).toHaveLength(0);
  });

  it('fails with the server answer when the credentials are refused, and sends nothing', async () => {
    const { server, sender } = await setup((port) => `smtp://user:wrong@127.0.0.1:${port}`, { rejectAuth: true });
    expect(await failure(sender)).toBe('SMTP AUTH PLAIN: 535 5.7.8 bad credentials');
    expect(server.lines.some((l) => l.startsWith('MAIL'))).toBe(false);
  });

  it('with requireTLS refuses a server that offers no STARTTLS before credentials or the mail leave in clear', async () => {
    const { server, sender } = await setup((port) => `smtp://user:pass@127.0.0.1:${port}?requireTLS=true`);
    expect(await failure(sender)).toBe('SMTP STARTTLS: 502 not implemented');
    expect(server.lines.filter((l) => !/^(EHLO|QUIT)\b/.test(l))).toEqual(['STARTTLS']);
    expect(server.messages).toHaveLength(0);
  });

  it('says why when nothing answers', async () => {
    const server = await fakeSmtp();
    const port = server.port;
    server.close();
    const sender = createSmtpSender(`smtp://127.0.0.1:${port}`, { timeoutMs: 5_000 });
    cleanups.push(() => sender.close());
    expect(await failure(sender)).toMatch(/^SMTP: .*ECONNREFUSED/);
  });
});

describe('smtpOptions', () => {
  it('reads SMTP_URL: STARTTLS or TLS from the start, default ports, decoded credentials, requireTLS', () => {
    expect(smtpOptions('smtp://a%40b:c%3Ad@relay.example.com')).toMatchObject({ host: 'relay.example.com', port: 25, secure: false, requireTLS: false, auth: { user: 'a@b', pass: 'c:d' } });
    expect(smtpOptions('smtp://relay.example.com:587?requireTLS=true')).toMatchObject({ port: 587, secure: false, requireTLS: true, auth: undefined });
    expect(smtpOptions('smtps://relay.example.com')).toMatchObject({ port: 465, secure: true });
    expect(smtpOptions('smtp://[::1]:2525')).toMatchObject({ host: '::1', port: 2525 });
    expect(smtpOptions('smtp://h')).toMatchObject({ pool: true, disableFileAccess: true, disableUrlAccess: true });
  });

  it('refuses other URL schemes and unknown parameters at start', () => {
    expect(() => createSmtpSender('http://127.0.0.1:25')).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => smtpOptions('smtp://h?tls.rejectUnauthorized=false')).toThrow(/unknown parameter tls\.rejectUnauthorized=false/);
    expect(() => smtpOptions('smtp://h?requireTLS=yes')).toThrow(/unknown parameter/);
  });
});
