import { afterEach, describe, expect, it } from 'vitest';
import { rememberedUser, rememberUser } from './rememberUser';

const here = { hostname: 'adnet.localhost', protocol: 'http:' };

afterEach(() => {
  document.cookie = 'remember_user=; Max-Age=0; Path=/';
});

describe('the remember-user cookie', () => {
  it('keeps the e-mail address for 7 days, and forgets it when the box is off', () => {
    const written: string[] = [];
    const doc = {
      get cookie() {
        return '';
      },
      set cookie(value: string) {
        written.push(value);
      },
    };
    rememberUser('alex@example.test', true, here, doc);
    expect(written[0]).toBe('remember_user=alex%40example.test; Max-Age=604800; Path=/; SameSite=Lax');
    rememberUser('alex@example.test', false, { hostname: 'panel.acme.com', protocol: 'https:' }, doc);
    expect(written[1]).toBe('remember_user=; Max-Age=0; Path=/; SameSite=Lax; Secure');
  });

  it('reads back what the browser kept', () => {
    expect(rememberedUser()).toBeUndefined();
    rememberUser('alex@example.test', true, here);
    expect(rememberedUser()).toBe('alex@example.test');
    rememberUser('alex@example.test', false, here);
    expect(rememberedUser()).toBeUndefined();
  });
});
