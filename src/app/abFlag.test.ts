import { describe, expect, it } from 'vitest';
import { abGroup, mustConfirmEmail } from './abFlag';

function env(session: Record<string, string> = {}, cookie = '') {
  const store = { ...session };
  const jar = { cookie };
  return {
    store,
    jar,
    env: {
      session: { getItem: (k: string) => store[k] ?? null, setItem: (k: string, v: string) => void (store[k] = v) },
      cookies: { read: () => jar.cookie, write: (c: string) => void (jar.cookie = c) },
    },
  };
}

describe('abGroup', () => {
  it('assigns a random group once and keeps it in session storage and a cookie', () => {
    const { store, jar, env: e } = env();
    expect(abGroup({ ...e, random: () => 0.2 })).toBe(1);
    expect(store.ab_group).toBe('1');
    expect(jar.cookie).toMatch(/^ab_group=1; path=\/; max-age=\d+; SameSite=Lax$/);
    // Later calls keep it, whatever the dice say.
    expect(abGroup({ ...e, random: () => 0.9 })).toBe(1);
  });

  it('takes the group from the cookie when the session is new (same device, new tab)', () => {
    const { store, env: e } = env({}, 'other=x; ab_group=2');
    expect(abGroup({ ...e, random: () => 0.1 })).toBe(2);
    expect(store.ab_group).toBe('2');
  });

  it('prefers the session value and ignores garbage', () => {
    expect(abGroup({ ...env({ ab_group: '2' }, 'ab_group=1').env, random: () => 0 })).toBe(2);
    expect(abGroup({ ...env({ ab_group: 'x' }, 'ab_group=7').env, random: () => 0.7 })).toBe(2);
  });

  it('works without storage', () => {
    expect(abGroup({ session: null, cookies: null, random: () => 0.4 })).toBe(1);
  });
});

describe('mustConfirmEmail', () => {
  const unconfirmed = { status: 'unconfirmed' };
  it('sends unconfirmed users of group 1 to confirm their e-mail', () => {
    expect(mustConfirmEmail(1, unconfirmed)).toBe(true);
  });
  it('leaves group 2, confirmed users, impersonated sessions and unknown users alone', () => {
    expect(mustConfirmEmail(2, unconfirmed)).toBe(false);
    expect(mustConfirmEmail(1, { status: 'confirmed' })).toBe(false);
    expect(mustConfirmEmail(1, { status: 'unconfirmed', is_impersonating: true })).toBe(false);
    expect(mustConfirmEmail(1, null)).toBe(false);
  });
});
