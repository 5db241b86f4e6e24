import Fastify from 'fastify';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { ServerTexts } from '../i18n/serverTexts';
import { compression } from './compression';
import { errorHandler } from './errorHandler';

/**
 * A server logging into `lines`, with a route whose caller hangs up while its big answer is being compressed, as
 * when the panel cancels a superseded call: Fastify pipes the compression plugin's stream, and the socket closes
 * before the compressor in the thread pool sends the first bytes (and so the status line).
 */
async function server() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk)) as Record<string, unknown>), done()) });
  const app = Fastify({ logger: { level: 'info', stream } });
  await app.register(compression);
  await app.register(errorHandler, { texts: new ServerTexts() });
  let gone: () => void = () => undefined;
  const hungUp = new Promise<void>((resolve) => (gone = resolve));
  // The caller leaves just after its answer set off (this hook runs before the compression plugin's own).
  app.addHook('onSend', (request, _reply, payload, done) => {
    request.raw.socket.once('close', () => gone());
    setImmediate(() => request.raw.socket.destroy());
    done(null, payload);
  });
  app.post('/big', async () => ({ rows: Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `row ${i} ${i * 7919}` })) }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, lines, hungUp, port: (app.server.address() as AddressInfo).port };
}

describe('errorHandler', () => {
  it('logs a caller that hung up before its compressed answer as info, not as a failed request', async () => {
    const { app, lines, hungUp, port } = await server();
    const socket = connect(port, '127.0.0.1', () => socket.write('POST /big HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}'));
    socket.on('error', () => undefined);
    await hungUp;
    await vi.waitFor(() => expect(lines.some((l) => String(l.msg).includes('before the answer') || Number(l.level) >= 50)).toBe(true));
    await app.close();
    expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, msg: 'the client closed the connection before the answer' }));
  });
});
