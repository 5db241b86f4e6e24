import type { Network } from '../app/NetworkStore';
import { isHttpUrl } from '../../engine/menu';
import { isSafeAssetUrl } from '../app/safeAssetUrl';

/** A house banner of the network config (`adSpots.<placement>.<locale>`). */
export interface SpotBanner {
  image: string;
  url: string;
  alt: string;
}

/** A support link ready to render. */
export interface SupportLink {
  id: string;
  /** Social network id, or help / email. */
  kind: string;
  href: string;
}

/** The topics of the network config's `helpUrls`, besides `main`. */
export type HelpTopic = 'main' | 'api' | 'tracking' | 'rtb' | 'adFormats' | 'targeting';

/** Which help topic a page is about, by its path: the first pattern that matches; `main` for the rest. */
const HELP_TOPICS: [RegExp, HelpTopic][] = [
  [/^\/api(\/|$)/, 'api'],
  [/^\/tracking(\/|$)/, 'tracking'],
  [/^\/rtb(-statistics)?(\/|$)/, 'rtb'],
  [/^\/ads\/(create|\d+\/(edit|duplicate))$/, 'adFormats'],
  [/^\/(campaigns\/(create|\d+\/(edit|duplicate))|create-offer-campaign)$/, 'targeting'],
];

/** The help topic of a page path. */
export function helpTopicOf(pathname: string): HelpTopic {
  return HELP_TOPICS.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'main';
}

const obj = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const settingsOf = (network: Network | null) => obj(network?.settings);
const enabled = (network: Network | null, key: string) => obj(settingsOf(network)[key]).enabled === true;

/** The optional features the shell shows, read defensively from the network config (unknown shapes count as off). */
export const features = {
  spentThisWeek: (n: Network | null) => enabled(n, 'spentThisWeek'),
  pwaPrompt: (n: Network | null) => enabled(n, 'pwaPrompt'),
  liveChat: (n: Network | null) => enabled(n, 'liveChat'),
  liveChatKind: (n: Network | null): number | null => {
    const kind = obj(settingsOf(n).liveChat).kind;
    return typeof kind === 'number' ? kind : null;
  },
  /** A vendor's live chat (kinds 2–4) with its id, when enabled; null for none or the account manager chat (kind 1). */
  vendorChat: (n: Network | null): { kind: 2 | 3 | 4; appId: string } | null => {
    const chat = obj(settingsOf(n).liveChat);
    const kind = chat.kind;
    if (chat.enabled !== true || (kind !== 2 && kind !== 3 && kind !== 4)) return null;
    return typeof chat.appId === 'string' && /^[A-Za-z0-9_/-]{1,80}$/.test(chat.appId) ? { kind, appId: chat.appId } : null;
  },
  /** The account manager panel: only with the first kind of live chat (chat with one's own manager). */
  accountManagerPanel: (n: Network | null) =>
    features.liveChatKind(n) === 1 && obj(settingsOf(n).accountManagerPanel).enabled !== false,
  /**
   * The ad-block warning: undefined when off; else the probe URL (a path of this site or an https URL), or null
   * when the config names none usable (then only the bait element is checked).
   */
  adBlockProbe: (n: Network | null): string | null | undefined => {
    const warning = obj(settingsOf(n).adBlockWarning);
    if (warning.enabled !== true) return undefined;
    return isSafeAssetUrl(warning.probeUrl) ? warning.probeUrl : null;
  },
  currencySign: (n: Network | null): string => {
    const payments = obj(settingsOf(n).payments);
    return payments.showCurrencySign === true && typeof payments.currencySign === 'string' ? payments.currencySign : '';
  },
  /** The banner of a placement in `locale`, falling back to English; only safe image and http(s) link URLs. */
  spotBanner: (n: Network | null, placement: string, locale: string): SpotBanner | null => {
    const spot = obj(obj(settingsOf(n).adSpots)[placement]);
    const banner = obj(spot[locale] ?? spot.en);
    if (!isSafeAssetUrl(banner.image) || !isHttpUrl(banner.url)) return null;
    return { image: banner.image, url: banner.url, alt: typeof banner.alt === 'string' ? banner.alt : '' };
  },
  /** The popup widget: its delay and its banner in `locale` (falling back to English), or null when it is off or has no usable banner. */
  popup: (n: Network | null, locale: string): { delayMs: number; banner: SpotBanner } | null => {
    const popup = obj(settingsOf(n).popupWidget);
    if (popup.enabled !== true) return null;
    const banners = obj(popup.banners);
    const banner = obj(banners[locale] ?? banners.en);
    if (!isSafeAssetUrl(banner.image) || !isHttpUrl(banner.url)) return null;
    const delay = typeof popup.delaySeconds === 'number' && popup.delaySeconds >= 0 ? popup.delaySeconds : 10;
    return { delayMs: delay * 1000, banner: { image: banner.image, url: banner.url, alt: typeof banner.alt === 'string' ? banner.alt : '' } };
  },
  /** The welcome screen (config `welcomeScreen`): its type (three-screen unless told) and, for a video, its http(s) URL; null when off. */
  welcomeScreen: (n: Network | null): { type: 'three-screen' | 'single-screen' | 'video'; videoUrl: string | null } | null => {
    const welcome = obj(settingsOf(n).welcomeScreen);
    if (welcome.enabled !== true) return null;
    const videoUrl = isHttpUrl(welcome.videoUrl) ? welcome.videoUrl : null;
    // A video screen without a usable video falls back to the default.
    const type = welcome.type === 'single-screen' || (welcome.type === 'video' && videoUrl) ? welcome.type : 'three-screen';
    return { type, videoUrl };
  },
  /** Support links, each only when configured: help, social networks, e-mail. */
  supportLinks: (n: Network | null): SupportLink[] => {
    const support = obj(settingsOf(n).supportLinks);
    const links: SupportLink[] = [];
    if (isHttpUrl(support.help)) links.push({ id: 'help', kind: 'help', href: support.help });
    if (Array.isArray(support.social)) {
      for (const [i, s] of support.social.entries()) {
        const social = obj(s);
        if (typeof social.network === 'string' && isHttpUrl(social.url)) links.push({ id: `social-${i}`, kind: social.network, href: social.url });
      }
    }
    if (typeof support.email === 'string' && /^[^\s@<>"]+@[^\s@<>"]+$/.test(support.email)) {
      links.push({ id: 'email', kind: 'email', href: `mailto:${support.email}` });
    }
    return links;
  },
  /**
   * The network's documentation for a page (`helpUrls`): the page's topic when the config has it, else the main
   * help; null when neither is an http(s) URL.
   */
  helpLink: (n: Network | null, pathname: string): { topic: HelpTopic; href: string } | null => {
    const urls = obj(settingsOf(n).helpUrls);
    const topic = helpTopicOf(pathname);
    if (isHttpUrl(urls[topic])) return { topic, href: urls[topic] };
    return isHttpUrl(urls.main) ? { topic: 'main', href: urls.main } : null;
  },
  /** The live chat support link: configured and the chat itself enabled. */
  supportLiveChat: (n: Network | null) => obj(settingsOf(n).supportLinks).liveChat === true && features.liveChat(n),
};
