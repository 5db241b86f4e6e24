import { describe, expect, it } from 'vitest';
import { readServerEnv, ServerEnvError } from './serverEnv';

describe('readServerEnv', () => {
  it('listens on loopback unless HOST says otherwise (probe finding F15)', () => {
    expect(readServerEnv({}).host).toBe('127.0.0.1');
    expect(readServerEnv({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('keeps the development outbox off unless asked, and refuses it where callers are not all local (F1)', () => {
    expect(readServerEnv({}).devOutbox).toBe(false);
    expect(readServerEnv({ DEV_OUTBOX: '1' }).devOutbox).toBe(true);
    expect(() => readServerEnv({ DEV_OUTBOX: '1', HOST: '0.0.0.0' })).toThrow(/loopback HOST \(not "0.0.0.0"\)/);
    expect(() => readServerEnv({ DEV_OUTBOX: '1', TRUST_PROXY: '10.0.0.1' })).toThrow(ServerEnvError);
  });

  it('keeps calls to private targets off unless asked, and refuses them where callers are not all local', () => {
    expect(readServerEnv({}).allowPrivateTargets).toBe(false);
    expect(readServerEnv({ ALLOW_PRIVATE_TARGETS: '0' }).allowPrivateTargets).toBe(false);
    expect(readServerEnv({ ALLOW_PRIVATE_TARGETS: '1' }).allowPrivateTargets).toBe(true);
    expect(readServerEnv({ ALLOW_PRIVATE_TARGETS: 'true', HOST: '::1' }).allowPrivateTargets).toBe(true);
    expect(() => readServerEnv({ ALLOW_PRIVATE_TARGETS: '1', HOST: '0.0.0.0' })).toThrow(/ALLOW_PRIVATE_TARGETS .* loopback HOST \(not "0.0.0.0"\)/);
    expect(() => readServerEnv({ ALLOW_PRIVATE_TARGETS: '1', TRUST_PROXY: '10.0.0.1' })).toThrow(ServerEnvError);
  });

  it('trusts named proxies only, never every hop (F5)', () => {
    expect(readServerEnv({}).trustProxy).toBe(false);
    expect(readServerEnv({ TRUST_PROXY: '1' }).trustProxy).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(readServerEnv({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16']);
    expect(readServerEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('turns limits off with 0 and names every bad variable at once', () => {
    const off = readServerEnv({ LOGIN_RATE_LIMIT: '0', MAIL_RATE_LIMIT: '0', SIGNUP_RATE_LIMIT: '0', HEAVY_READS_PER_USER: '0' });
    expect([off.loginRateLimit, off.mailRateLimit, off.signupRateLimit, off.heavyReadLimit]).toEqual([false, false, false, 0]);
    expect(readServerEnv({ SIGNUP_RATE_LIMIT: '3' }).signupRateLimit).toEqual({ perAddress: { max: 3, timeWindow: 3_600_000 }, perNetwork: { max: 60, timeWindow: 3_600_000 } });
    try {
      readServerEnv({ LOGIN_RATE_LIMIT: 'many', SIGNUP_RATE_LIMIT: '-1' });
      expect.unreachable();
    } catch (e) {
      expect((e as ServerEnvError).problems).toEqual([
        'LOGIN_RATE_LIMIT must be a whole number of attempts per minute (0 = off), not "many"',
        'SIGNUP_RATE_LIMIT must be a whole number of sign-ups per hour (0 = off), not "-1"',
      ]);
    }
  });

  it('ticks the job runner every 15 s unless JOB_TICK_MS says otherwise, never below 50 ms', () => {
    expect(readServerEnv({}).jobTickMs).toBe(15_000);
    expect(readServerEnv({ JOB_TICK_MS: '100' }).jobTickMs).toBe(100);
    for (const bad of ['0', '49', '1.5', 'x']) expect(() => readServerEnv({ JOB_TICK_MS: bad }), bad).toThrow(ServerEnvError);
  });
});
