import { afterEach, describe, expect, it } from 'vitest';
import { fakeSmtp } from '../../tests/api/fakeSmtp';
import { sendSmtp } from './smtp';

let close: (() => void) | undefined;
afterEach(() => close?.());

const message = { from: 'no-reply@adnet.test', to: 'nora@example.test', subject: 'Grüße', text: 'Hello\n.\nline with a dot', html: '<p>Hello</p>' };

describe('sendSmtp', () => {
  it('authenticates, sends one multipart message and quits', async () => {
    const server = await fakeSmtp();
    close = server.close;
    await sendSmtp(`smtp://user%40x:p%40ss@127.0.0.1:${server.port}`, message);
    expect(server.lines[0]).toBe('EHLO adpanel');
    expect(server.lines[1]).toBe(`AUTH PLAIN ${Buffer.from('\0user@x\0p@ss').toString('base64')}`);
    expect(server.lines.slice(2)).toEqual(['MAIL FROM:<no-reply@adnet.test>', 'RCPT TO:<nora@example.test>', 'DATA', 'QUIT']);
    const data = server.data();
    expect(data).toContain(`Subject: =?UTF-8?B?${Buffer.from('Grüße').toString('base64')}?=`);
    expect(data).toContain('Content-Type: multipart/alternative');
    expect(data).toContain(Buffer.from(message.text).toString('base64'));
  });

  it('fails with the server answer when a recipient is refused', async () => {
    const server = await fakeSmtp({ rejectRcpt: true });
    close = server.close;
    await expect(sendSmtp(`smtp://127.0.0.1:${server.port}`, message)).rejects.toThrow(/RCPT: 550 no such user/);
  });

  it('refuses other URL schemes', async () => {
    await expect(sendSmtp('http://127.0.0.1:25', message)).rejects.toThrow(/smtp:\/\/ or smtps:\/\//);
  });
});
