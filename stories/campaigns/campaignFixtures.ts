import type { FormValues } from '../../engine/form/FormStore';
import adnet from '../../network-configs/adnet.json';
import recordedSettings from '../../generated/stories/settings.json';
import { formatInfo } from '../../server/settings/formatInfo';
import type { AdFormat, AdFormatInfo, CampaignRow, CampaignView, GlobalSettings } from '../../generated/types';
import { newCampaign, offeredTargets, type CampaignSettings } from '../../src/areas/campaigns/campaignForm';
import { countries } from '../fixtures/geo';

/**
 * What the campaign stories know of the panel's world, all in memory: the ad formats (their folders), the AdNet
 * network as `GET network` gives it, `GET settings`, the advertiser's ads and groups, publisher sites and mobile
 * apps, and a filled-in example campaign per format.
 */

// Read by Vite when it bundles the stories, so a new folder is a new format here too (.storybook/campaignStories.ts
// lists the same folders for the index).
const manifests = import.meta.glob<AdFormat>('../../schemas/ad-formats/*/format.json', { eager: true, import: 'default' });


/** Every folder of schemas/ad-formats with a format.json, by id, in the chooser's order. */
export const CAMPAIGN_FORMATS: ReadonlyMap<string, AdFormatInfo> = new Map(
  Object.entries(manifests)
    .map(([path, manifest]) => formatInfo(path.split('/').at(-2) ?? path, manifest))
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
    .map((info) => [info.id, info]),
);

/** The network of the stories: AdNet, as `GET network` answers it (server/routes/network `publicNetwork`). */
export const STORY_NETWORK = {
  id: adnet.id,
  name: adnet.name,
  adFormats: adnet.adFormats,
  guardSections: adnet.guardSections,
  targetTypes: adnet.targetTypes,
  showSiteDomains: adnet.showSiteDomains ?? false,
  messengerBotName: adnet.messengerBotName ?? null,
  settings: adnet.settings,
};

/** The targets a campaign of a format shows on AdNet: the format's, narrowed and ordered by the network's targetTypes. */
export const storyOffered = (format: AdFormatInfo): string[] => offeredTargets(STORY_NETWORK.targetTypes, format);

/**
 * `GET settings` as the server answers it for AdNet: computed by the server's own globalSettings() when schemas are
 * generated (scripts/compile-story-answers.ts), so the stories hold no copy; the contract test checks its shape.
 */
export const STORY_SETTINGS = recordedSettings as GlobalSettings;

/** Fixture countries by ISO code (ids of stories/fixtures/geo.ts, which the country lookup answers). */
export const countryByIso = new Map(countries.map((c) => [c.iso_code_2, c]));
const countryIds = (...codes: string[]) => codes.map((code) => countryByIso.get(code)?.id).filter((id): id is number => id !== undefined);

// ——— the advertiser's ads and groups ———

const AD_NAMES = ['Summer sale', 'Retargeting — cart', 'Brand awareness'];

/** The advertiser's ads: three per format, ids stable per format (`GET ads?format=`). */
export const STORY_ADS = [...CAMPAIGN_FORMATS.values()].flatMap((format, f) =>
  AD_NAMES.map((name, n) => ({
    id: 1001 + f * 10 + n,
    name: `${format.name} — ${name}`,
    format: format.id,
    size: format.preview === 'banner' ? ['300x250', '728x90', '160x600'][n] : null,
    created_at: `2025-05-${String(10 + f).padStart(2, '0')}T0${n}:15:00.000Z`,
  })),
);

/** The advertiser's campaign groups (`GET campaign-groups`). */
export const STORY_GROUPS = [
  { id: 1, name: 'Always on', campaigns: 4 },
  { id: 2, name: 'Black Friday', campaigns: 7 },
  { id: 3, name: 'Tests', campaigns: 2 },
];

// ——— publisher sites and mobile apps ———

const SITE_WORDS = ['daily', 'news', 'game', 'movie', 'recipe', 'tech', 'sport', 'travel', 'music', 'anime', 'crypto', 'auto', 'fashion', 'health', 'stream', 'file'];
const SITE_ENDS = ['hub', 'zone', 'world', 'portal', 'point', 'base', 'daily', 'spot', 'land', 'flix'];
const TLDS = ['com', 'net', 'org', 'io', 'tv'];

/** 400 publisher sites with made-up but stable domains; every 7th is premium, every 11th new. */
export const STORY_SITES = Array.from({ length: 400 }, (_, i) => {
  const domain = `${SITE_WORDS[i % SITE_WORDS.length]}${SITE_ENDS[Math.floor(i / SITE_WORDS.length) % SITE_ENDS.length]}.${TLDS[Math.floor(i / (SITE_WORDS.length * SITE_ENDS.length)) % TLDS.length]}`;
  return {
    id: 10001 + i,
    domain,
    name: domain,
    premium: i % 7 === 0,
    is_new: i % 11 === 0,
    marketplace: i % 13 === 0,
    tubecorp: i % 17 === 0,
    logo: null,
    category_group_id: 1 + (i % 20),
  };
});

const APP_NAMES = ['Photo Editor', 'Weather Now', 'Puzzle Quest', 'Run Tracker', 'Budget Planner', 'Recipe Box', 'Word Master', 'Sky Racer', 'Sleep Sounds', 'Chess Club', 'Cleaner Pro', 'VPN Shield'];
const APP_VENDORS = ['lumen', 'bluefox', 'appnest', 'kiwi', 'northstar', 'pixel'];

/** 72 mobile apps (`GET mobile-apps`): "Name (bundle)" as the lookup shows them. */
export const STORY_APPS = APP_VENDORS.flatMap((vendor, v) =>
  APP_NAMES.map((appName, a) => {
    const bundle = `com.${vendor}.${appName.toLowerCase().replace(/[^a-z]+/g, '')}`;
    const platform = (v + a) % 2 === 0 ? 'android' : 'ios';
    return { id: 5001 + v * APP_NAMES.length + a, name: `${appName} (${bundle})`, app_name: appName, bundle, platform, category: ['Tools', 'Games', 'Lifestyle'][a % 3] };
  }),
);

// ——— the filled-in example ———

/** A price in the pricing model's unit a real advertiser might start from (per click, per mille, per conversion). */
export const EXAMPLE_PRICES: Readonly<Record<string, string>> = { cpc: '0.10', cpm: '2.00', cpa: '8.00', cpm_goal: '1.80', cpc_goal: '0.09' };

/** The example's countries: Germany, France and the United Kingdom. */
export const EXAMPLE_COUNTRIES = countryIds('DE', 'FR', 'GB');
/** The example's operating systems (ids of the server's list, which the stories answer): Android and iOS. */
export const EXAMPLE_OPERATING_SYSTEMS = [1, 2];

/**
 * A new campaign of a format as the page starts it (`newCampaign`), filled in as an advertiser would: a name, the
 * format's first ad, a price, a daily and total budget, countries, operating systems and Wi-Fi only (each where
 * the format offers the target).
 */
export function exampleCampaign(format: AdFormatInfo, offered: readonly string[], settings: CampaignSettings = STORY_SETTINGS): FormValues {
  const start = newCampaign(format, offered, settings);
  const model = String(start.pricing_model ?? '');
  const set: Record<string, Record<string, unknown>> = {
    country: { accept: true, countries: EXAMPLE_COUNTRIES },
    'operating-system': { accept: true, operating_systems: EXAMPLE_OPERATING_SYSTEMS },
    'connection-type': { type: 'wifi' },
  };
  const targets = { ...(start.targets as Record<string, unknown>) };
  for (const [id, value] of Object.entries(set)) if (offered.includes(id)) targets[id] = value;
  const ad = STORY_ADS.find((a) => a.format === format.id);
  return {
    ...start,
    name: `${format.name} — DE, FR, UK · Wi-Fi`,
    ...(ad ? { ad_id: ad.id } : {}),
    ...(EXAMPLE_PRICES[model] ? { price: EXAMPLE_PRICES[model] } : {}),
    limits: { ...(start.limits as object), daily: '50.00', total: '500.00' },
    targets,
  };
}

/** The advertiser's campaigns (`GET campaigns`), one per ad of a few formats. */
export const STORY_CAMPAIGN_ROWS: CampaignRow[] = STORY_ADS.filter((_, i) => i % 4 === 0)
  .slice(0, 8)
  .map((ad, i) => {
    const pricing = ['cpm', 'cpc', 'cpm', 'cpa', 'cpc', 'cpm', 'cpc', 'cpm'][i];
    const status = i === 5 || i === 6 ? 'paused' : 'active';
    const spend = 900 - i * 97.37;
    const impressions = 180_000 - i * 17_000;
    const clicks = Math.round(impressions * (0.004 + 0.001 * i));
    return {
      id: 501 + i,
      name: `${ad.name} — ${['Europe', 'US & CA', 'LATAM', 'Tier 1'][i % 4]}`,
      status,
      next_status: null,
      approval: i === 7 ? 'pending' : 'approved',
      ad_format: ad.format,
      ad: { id: ad.id, name: ad.name },
      group: i < 3 ? { id: STORY_GROUPS[0].id, name: STORY_GROUPS[0].name } : null,
      pricing_model: pricing,
      price: pricing === 'cpm' ? '1.2500' : pricing === 'cpc' ? '0.0800' : '6.0000',
      limit_type: 'money',
      hourly_limit: null,
      daily_limit: ['50.00', '25.00', null, '100.00', '40.00', '30.00', '20.00', '60.00'][i],
      total_limit: i % 3 === 0 ? '1500.00' : null,
      spend: spend.toFixed(4),
      spend_today: (12 - i * 1.1).toFixed(4),
      // Believable performance: 0.4–1.1 % CTR, a few conversions per hundred clicks.
      impressions,
      clicks,
      conversions: Math.round(clicks * 0.03),
      ctr: clicks / impressions,
      ecpm: ((spend * 1000) / impressions).toFixed(4),
      ecpc: (spend / clicks).toFixed(4),
      reserved_balance: status === 'active' ? ['50.00', '25.00', '0.00', '100.00', '40.00'][i] ?? '0.00' : '0.00',
      // The fourth campaign spent its daily limit today: the table says so beside its status.
      limit_exceeded_name: i === 3 ? 'daily' : null,
      limit_exceeded_type: i === 3 ? 'money' : null,
      created_at: `2025-05-${String(10 + i).padStart(2, '0')}T08:00:00.000Z`,
    } satisfies CampaignRow;
  });

/**
 * What `POST campaigns` answers (201) for a saved form: the campaign's page, as the server builds it (paused, one
 * pending approval, no statistics yet), with the story's ads, groups and formats. Missing fields take the form's
 * defaults, so any body gives an answer of the contract's shape.
 */
export function storyCampaignView(form: Record<string, unknown>, id = 9001): CampaignView {
  const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : null);
  const list = <T,>(key: string) => (Array.isArray(form[key]) ? (form[key] as T[]) : []);
  const limits = (form.limits ?? {}) as { type?: string; hourly?: string; daily?: string; total?: string };
  const format = CAMPAIGN_FORMATS.get(text('ad_format') ?? '') ?? [...CAMPAIGN_FORMATS.values()][0];
  const ad = STORY_ADS.find((a) => a.id === form.ad_id) ?? STORY_ADS.find((a) => a.format === format.id);
  const group = STORY_GROUPS.find((g) => g.id === form.campaign_group_id) ?? null;
  const now = new Date().toISOString();
  const pending = { id: 1, status: 'pending' as const, details: null, reject_cause: null, created_at: now };
  const activate = form.activate_on_approve !== false;
  return {
    id,
    name: text('name') ?? '',
    status: 'paused',
    next_status: activate ? 'active' : null,
    actions: { edit: true, duplicate: true, delete: true, activate: true, pause: activate },
    activate_on_approve: activate,
    active_from: text('active_from'),
    active_to: text('active_to'),
    ad: { id: ad?.id ?? 0, name: ad?.name ?? '', format: format.id },
    ad_format: { id: format.id, name: format.name, description: format.description ?? null, icon: format.icon, size: format.size, type: format.type, source_type: format.source_type },
    campaign_group: group && { id: group.id, name: group.name },
    calendar_limits: Array.isArray(form.calendar_limits) ? (form.calendar_limits as number[][]) : null,
    cpa_goals: list<Record<string, unknown>>('cpa_goals'),
    cpa_status: 'disabled',
    conversion_type: text('conversion_type'),
    limit_type: limits.type ?? 'money',
    hourly_limit: limits.hourly ?? null,
    daily_limit: limits.daily ?? null,
    total_limit: limits.total ?? null,
    limit_exceeded_name: null,
    limit_exceeded_type: null,
    delivery: { state: activate ? 'awaiting_approval' : 'paused', until: null },
    price: text('price') ?? '0',
    pricing_model: text('pricing_model') ?? format.pricing_models[0],
    reserved_balance: '0.00',
    smart_bidding: form.smart_bidding === true,
    statistic_gathering_done: false,
    enable_price_auto_adjust: form.enable_price_auto_adjust === true,
    recommended_price: null,
    price_adjustment_ratio: typeof form.price_adjustment_ratio === 'number' ? form.price_adjustment_ratio : null,
    max_adjusted_price: text('max_adjusted_price'),
    flat_deal_application: null,
    site_biddings: list<Record<string, unknown>>('site_biddings'),
    targets: (form.targets ?? {}) as CampaignView['targets'],
    updating_rules: [],
    latest_approval: pending,
    approvals: [pending],
    model: form,
    statistics: { days: 7, totals: { impressions: 0, clicks: 0, conversions: 0, spend: '0.0000' }, daily: [] },
    created_at: now,
    updated_at: now,
  };
}
