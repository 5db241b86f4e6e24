/**
 * The live chat vendors of the network config's `liveChat` kinds 2–4: how each one's widget is loaded, told who
 * the user is (with the server's HMAC identity hashes, `hash_values` of GET user, so nobody can chat as someone
 * else) and opened. The server's CSP lets in exactly the vendor's hosts on that network's pages
 * (server/config/liveChatHosts.ts); nothing loads for other kinds.
 */
import type { CurrentUser } from '../../generated/types';

type ChatWindow = Window & {
  intercomSettings?: Record<string, unknown>;
  Intercom?: (command: string) => void;
  $crisp?: unknown[][];
  CRISP_WEBSITE_ID?: string;
  CRISP_TOKEN_ID?: string;
  Tawk_API?: { visitor?: Record<string, string>; maximize?: () => void };
  Tawk_LoadStart?: Date;
};

/** The widget of a kind: where its script is and how to open it once loaded. */
interface Vendor {
  script(appId: string): string;
  identify(win: ChatWindow, appId: string, user: CurrentUser): void;
  open(win: ChatWindow): void;
}

const VENDORS: Record<2 | 3 | 4, Vendor> = {
  // Intercom: identity verification by user id.
  2: {
    script: (appId) => `https://widget.intercom.io/widget/${encodeURIComponent(appId)}`,
    identify: (win, appId, user) => {
      win.intercomSettings = { app_id: appId, user_id: String(user.id), name: user.name, email: user.email, user_hash: user.hash_values.user_id, hide_default_launcher: false };
    },
    open: (win) => win.Intercom?.('show'),
  },
  // Crisp: the e-mail, signed.
  3: {
    script: () => 'https://client.crisp.chat/l.js',
    identify: (win, appId, user) => {
      win.$crisp = [
        ['set', 'user:email', [user.email, user.hash_values.email]],
        ['set', 'user:nickname', [user.name]],
      ];
      win.CRISP_WEBSITE_ID = appId;
      win.CRISP_TOKEN_ID = String(user.id);
    },
    open: (win) => win.$crisp?.push(['do', 'chat:open']),
  },
  // Tawk.to: the property and widget ids (`property/widget`), the e-mail signed.
  4: {
    script: (appId) => `https://embed.tawk.to/${appId.split('/').map(encodeURIComponent).join('/')}`,
    identify: (win, _appId, user) => {
      win.Tawk_API = { visitor: { name: user.name, email: user.email, hash: user.hash_values.email } };
      win.Tawk_LoadStart = new Date();
    },
    open: (win) => win.Tawk_API?.maximize?.(),
  },
};

/** A live chat of a kind 2–4 with its vendor id. */
export interface VendorChat {
  kind: 2 | 3 | 4;
  appId: string;
}

/**
 * Loads the vendor's widget for `user` (once per page: a second call with the same chat only returns the opener)
 * and answers how to open it.
 */
export function loadLiveChat(chat: VendorChat, user: CurrentUser, doc: Document = document, win: Window = window): () => void {
  const vendor = VENDORS[chat.kind];
  const src = vendor.script(chat.appId);
  if (!doc.querySelector(`script[data-live-chat="${chat.kind}"]`)) {
    vendor.identify(win as ChatWindow, chat.appId, user);
    const script = doc.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.liveChat = String(chat.kind);
    script.referrerPolicy = 'origin';
    doc.head.appendChild(script);
  }
  return () => vendor.open(win as ChatWindow);
}
