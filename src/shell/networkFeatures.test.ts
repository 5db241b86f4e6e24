import { describe, expect, it } from 'vitest';
import type { Network } from '../app/NetworkStore';
import { features, helpTopicOf } from './networkFeatures';
import { formatMoney } from './money';

/** A network whose settings arrive unchecked, so odd shapes reach the code under test. */
const network = (settings: Record<string, unknown>) => ({ id: 'n', name: 'N', settings }) as unknown as Network;

describe('network features', () => {
  it('reads switches defensively: missing or odd shapes are off', () => {
    expect(features.spentThisWeek(network({ spentThisWeek: { enabled: true } }))).toBe(true);
    expect(features.spentThisWeek(network({ spentThisWeek: 'yes' }))).toBe(false);
    expect(features.spentThisWeek(null)).toBe(false);
  });

  it('shows the account manager panel only with the first kind of live chat', () => {
    expect(features.accountManagerPanel(network({ liveChat: { enabled: true, kind: 1 }, accountManagerPanel: { enabled: true } }))).toBe(true);
    expect(features.accountManagerPanel(network({ liveChat: { enabled: true, kind: 3 }, accountManagerPanel: { enabled: true } }))).toBe(false);
    expect(features.accountManagerPanel(network({ liveChat: { enabled: true, kind: 1 }, accountManagerPanel: { enabled: false } }))).toBe(false);
  });

  it('lists only configured support links with safe URLs', () => {
    const links = features.supportLinks(
      network({
        supportLinks: {
          help: 'javascript:alert(1)',
          email: 'help@acme.test',
          social: [{ network: 'telegram', url: 'https://t.me/acme' }, { network: 'vk', url: 'data:text/html,x' }, { url: 'https://x.test' }],
        },
      }),
    );
    expect(links).toEqual([
      { id: 'social-0', kind: 'telegram', href: 'https://t.me/acme' },
      { id: 'email', kind: 'email', href: 'mailto:help@acme.test' },
    ]);
    expect(features.supportLinks(network({}))).toEqual([]);
  });

  it('offers live chat support only when the chat itself is on', () => {
    expect(features.supportLiveChat(network({ supportLinks: { liveChat: true }, liveChat: { enabled: true, kind: 2 } }))).toBe(true);
    expect(features.supportLiveChat(network({ supportLinks: { liveChat: true }, liveChat: { enabled: false, kind: 2 } }))).toBe(false);
  });

  it('picks the banner in the user’s language, else English, and refuses unsafe URLs', () => {
    const spots = {
      adSpots: {
        sidebar: {
          en: { image: '/network-assets/n/en.svg', url: 'https://n.test/en', alt: 'EN' },
          de: { image: '/network-assets/n/de.svg', url: 'https://n.test/de', alt: 'DE' },
          ru: { image: 'javascript:x', url: 'https://n.test/ru', alt: 'RU' },
        },
      },
    };
    expect(features.spotBanner(network(spots), 'sidebar', 'de')?.alt).toBe('DE');
    expect(features.spotBanner(network(spots), 'sidebar', 'es')?.alt).toBe('EN');
    expect(features.spotBanner(network(spots), 'sidebar', 'ru')).toBeNull();
    expect(features.spotBanner(network({}), 'sidebar', 'en')).toBeNull();
  });

  it('checks the ad-block probe URL', () => {
    expect(features.adBlockProbe(network({ adBlockWarning: { enabled: false, probeUrl: '/x.js' } }))).toBeUndefined();
    expect(features.adBlockProbe(network({ adBlockWarning: { enabled: true, probeUrl: '/network-assets/n/ads/a.js' } }))).toBe('/network-assets/n/ads/a.js');
    expect(features.adBlockProbe(network({ adBlockWarning: { enabled: true, probeUrl: '//evil.test/a.js' } }))).toBeNull();
  });

  it('shows the currency sign only when the network says so', () => {
    expect(features.currencySign(network({ payments: { currencySign: '€', showCurrencySign: true } }))).toBe('€');
    expect(features.currencySign(network({ payments: { currencySign: '€', showCurrencySign: false } }))).toBe('');
  });
});

describe('formatMoney', () => {
  it('shows - until known, then the sign and 2 decimals (4 for cost)', () => {
    expect(formatMoney(null, 'en', '$')).toBe('-');
    expect(formatMoney('1250.5000', 'en', '$')).toBe('$1,250.50');
    expect(formatMoney('-3.5', 'en', '$')).toBe('-$3.50');
    expect(formatMoney('12.3401', 'de', '€', 'cost')).toBe('€12,3401');
  });

  it('links the help of the page shown, else the main help, and only http(s) URLs', () => {
    expect(['/api', '/tracking', '/rtb-statistics', '/ads/create', '/ads/12/edit', '/campaigns/create', '/campaigns/7/duplicate', '/create-offer-campaign', '/campaigns', '/ads/12'].map(helpTopicOf)).toEqual([
      'api', 'tracking', 'rtb', 'adFormats', 'adFormats', 'targeting', 'targeting', 'targeting', 'main', 'main',
    ]);
    const urls = { main: 'https://help.example.com/', targeting: 'https://help.example.com/targeting', api: 'javascript:alert(1)' };
    expect(features.helpLink(network({ helpUrls: urls }), '/campaigns/create')).toEqual({ topic: 'targeting', href: 'https://help.example.com/targeting' });
    expect(features.helpLink(network({ helpUrls: urls }), '/api')).toEqual({ topic: 'main', href: 'https://help.example.com/' });
    expect(features.helpLink(network({}), '/api')).toBeNull();
  });

  it('reads the popup widget: its delay and the banner of the language, English otherwise', () => {
    const banners = { en: { image: '/network-assets/n/en.svg', url: 'https://n.example/promo', alt: 'EN' }, de: { image: 'javascript:x', url: 'https://n.example/de' } };
    expect(features.popup(network({ popupWidget: { enabled: true, delaySeconds: 5, banners } }), 'es')).toEqual({ delayMs: 5000, banner: banners.en });
    // A banner that is not safe is no banner: no fallback to English either, the language has its own.
    expect(features.popup(network({ popupWidget: { enabled: true, banners } }), 'de')).toBeNull();
    expect(features.popup(network({ popupWidget: { enabled: false, banners } }), 'en')).toBeNull();
    expect(features.popup(network({ popupWidget: { enabled: true, banners } }), 'en')?.delayMs).toBe(10_000);
  });
});
