/**
 * The hosts each live chat vendor's widget needs (network config `liveChat` kinds 2–4), by CSP directive. The
 * panel's CSP (plugins/security.ts) adds exactly these, and only on the pages of a network whose chat is enabled
 * with that kind; every other network keeps `script-src 'self'`. From each vendor's CSP documentation.
 */
export type ChatDirective = 'scriptSrc' | 'connectSrc' | 'frameSrc' | 'styleSrc' | 'fontSrc';

export const LIVE_CHAT_HOSTS: Readonly<Record<2 | 3 | 4, Readonly<Partial<Record<ChatDirective, readonly string[]>>>>> = {
  // Intercom
  2: {
    scriptSrc: ['https://widget.intercom.io', 'https://js.intercomcdn.com'],
    connectSrc: ['https://*.intercom.io', 'wss://*.intercom.io', 'https://uploads.intercomcdn.com', 'https://uploads.intercomusercontent.com'],
    frameSrc: ['https://intercom-sheets.com', 'https://www.intercom-reporting.com'],
    fontSrc: ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
  },
  // Crisp
  3: {
    scriptSrc: ['https://client.crisp.chat', 'https://settings.crisp.chat'],
    connectSrc: ['https://client.crisp.chat', 'https://storage.crisp.chat', 'wss://client.relay.crisp.chat', 'wss://stream.relay.crisp.chat'],
    frameSrc: ['https://game.crisp.chat'],
    styleSrc: ['https://client.crisp.chat'],
    fontSrc: ['https://client.crisp.chat'],
  },
  // Tawk.to
  4: {
    scriptSrc: ['https://embed.tawk.to', 'https://cdn.jsdelivr.net'],
    connectSrc: ['https://*.tawk.to', 'wss://*.tawk.to'],
    frameSrc: ['https://*.tawk.to'],
    styleSrc: ['https://*.tawk.to', 'https://fonts.googleapis.com'],
    fontSrc: ['https://*.tawk.to', 'https://fonts.gstatic.com'],
  },
};

/** The chat hosts one directive needs on a network's pages: none unless its live chat is enabled with kind 2–4. */
export function liveChatHosts(liveChat: { enabled?: boolean; kind?: number } | undefined, directive: ChatDirective): readonly string[] {
  if (!liveChat?.enabled || (liveChat.kind !== 2 && liveChat.kind !== 3 && liveChat.kind !== 4)) return [];
  return LIVE_CHAT_HOSTS[liveChat.kind][directive] ?? [];
}
