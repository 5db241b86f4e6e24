/**
 * Macros an advertiser may put into a creative's URL; the ad server replaces them on every click. The panel
 * shows them by id (translated), inserts `token` into the field.
 */
export const CREATIVE_TOKENS = [
  { id: 'click_id', token: '{click_id}' },
  { id: 'campaign_id', token: '{campaign_id}' },
  { id: 'ad_id', token: '{ad_id}' },
  { id: 'creative_id', token: '{creative_id}' },
  { id: 'format', token: '{format}' },
  { id: 'site_id', token: '{site_id}' },
  { id: 'spot_id', token: '{spot_id}' },
  { id: 'country', token: '{country}' },
  { id: 'os', token: '{os}' },
  { id: 'browser', token: '{browser}' },
  { id: 'device', token: '{device}' },
  { id: 'cost', token: '{cost}' },
  { id: 'timestamp', token: '{timestamp}' },
] as const;

/** In-page push skins, by group (GET in-page-skin-groups). Skin ids are unique across groups. */
export const IN_PAGE_SKIN_GROUPS = [
  { id: 'web', name: 'Web', skins: [{ id: 1, name: 'Light card' }, { id: 2, name: 'Dark card' }, { id: 3, name: 'Compact banner' }] },
  { id: 'mobile', name: 'Mobile', skins: [{ id: 11, name: 'Bottom sheet' }, { id: 12, name: 'Top toast' }] },
  { id: 'ios', name: 'iOS style', skins: [{ id: 21, name: 'iOS notification' }] },
  { id: 'android', name: 'Android style', skins: [{ id: 31, name: 'Android notification' }] },
] as const;
