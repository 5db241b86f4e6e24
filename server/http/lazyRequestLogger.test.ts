import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger } from './lazyRequestLogger';

/** A server whose log lines land in `lines`, with one route that logs and one that does not. */
async function server() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) });
  const app = Fastify({ logger: { level: 'info', stream }, disableRequestLogging: true, childLoggerFactory: lazyRequestLogger });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/talks', { logLevel: 'warn' }, async (request) => {
    request.log.info('not at this route\'s level');
    request.log.warn({ answer: 42 }, 'said once');
    return { level: request.log.level };
  });
  await app.ready();
  return { app, lines };
}

describe('lazyRequestLogger', () => {
  it('makes no pino child for a request that does not log', async () => {
    const { app } = await server();
    const child = vi.spyOn(app.log, 'child');
    expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
  });

  it('logs through a child bound to the request id, at the route level', async () => {
    const { app, lines } = await server();
    const answer = await app.inject('/talks');
    expect(answer.json()).toEqual({ level: 'warn' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'said once', answer: 42, reqId: expect.any(String), level: 40 });
  });
});
