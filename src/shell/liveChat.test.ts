import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../generated/types';
import { loadLiveChat } from './liveChat';

const user = { id: 42, name: 'Alex Morgan', email: 'alex@example.test', hash_values: { user_id: 'uid-hmac', email: 'email-hmac' } } as CurrentUser;

/** A document that never fetches (not in a browsing context) and a window of plain properties. */
const page = () => ({ doc: document.implementation.createHTMLDocument('chat'), win: {} as Window & Record<string, unknown> });

describe('live chat vendors', () => {
  it('Crisp: its script once, the user’s e-mail signed by the server, and "open" opens the chat', () => {
    const { doc, win } = page();
    const open = loadLiveChat({ kind: 3, appId: 'site-1' }, user, doc, win);
    loadLiveChat({ kind: 3, appId: 'site-1' }, user, doc, win);
    const scripts = doc.querySelectorAll('script');
    expect([...scripts].map((s) => s.src)).toEqual(['https://client.crisp.chat/l.js']);
    expect(win.CRISP_WEBSITE_ID).toBe('site-1');
    expect(win.$crisp).toContainEqual(['set', 'user:email', ['alex@example.test', 'email-hmac']]);
    open();
    expect(win.$crisp).toContainEqual(['do', 'chat:open']);
  });

  it('Intercom: verified by the user id hash', () => {
    const { doc, win } = page();
    const open = loadLiveChat({ kind: 2, appId: 'abc123' }, user, doc, win);
    expect(doc.querySelector('script')?.src).toBe('https://widget.intercom.io/widget/abc123');
    expect(win.intercomSettings).toMatchObject({ app_id: 'abc123', user_id: '42', user_hash: 'uid-hmac' });
    win.Intercom = vi.fn();
    open();
    expect(win.Intercom).toHaveBeenCalledWith('show');
  });

  it('Tawk.to: the property and widget ids in the script path', () => {
    const { doc, win } = page();
    loadLiveChat({ kind: 4, appId: '64ab12/1h9xyz' }, user, doc, win);
    expect(doc.querySelector('script')?.src).toBe('https://embed.tawk.to/64ab12/1h9xyz');
    expect((win.Tawk_API as { visitor: Record<string, string> }).visitor).toEqual({ name: 'Alex Morgan', email: 'alex@example.test', hash: 'email-hmac' });
  });
});
