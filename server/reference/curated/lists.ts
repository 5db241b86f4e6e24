/** Small fixed lookups; ids are written here and saved in targets and profiles, so never renumber. */

/** Kinds of traffic source a campaign may buy. */
export const trafficTypes = [
  { id: 1, name: 'Mainstream', code: 'mainstream' },
  { id: 2, name: 'Adult', code: 'adult' },
  { id: 3, name: 'Gaming', code: 'gaming' },
  { id: 4, name: 'Gambling', code: 'gambling' },
  { id: 5, name: 'Crypto', code: 'crypto' },
  { id: 6, name: 'Dating', code: 'dating' },
  { id: 7, name: 'Streaming & file sharing', code: 'streaming' },
  { id: 8, name: 'Software & downloads', code: 'software' },
];

/** Audience interests (behavioural segments). */
export const interests = [
  'Automotive', 'Beauty & Personal Care', 'Books & Literature', 'Business & Finance', 'Cooking & Recipes',
  'Cryptocurrency', 'Dating & Relationships', 'E-commerce & Shopping', 'Education', 'Fashion', 'Fitness',
  'Food & Drink', 'Gambling & Betting', 'Health', 'Home & Garden', 'Investing', 'Jobs & Careers',
  'Mobile Games', 'Movies & TV', 'Music', 'News & Politics', 'Parenting', 'Pets', 'Real Estate', 'Science',
  'Sports', 'Technology', 'Travel', 'Utilities & VPN', 'Video Games', 'Web3 & NFT',
].map((name, i) => ({ id: i + 1, name }));

/** Messengers a user may list in the profile or at sign-up. */
export const messengers = [
  { id: 1, name: 'Telegram', code: 'telegram', placeholder: '@username' },
  { id: 2, name: 'WhatsApp', code: 'whatsapp', placeholder: '+1 555 0100' },
  { id: 3, name: 'Skype', code: 'skype', placeholder: 'live:username' },
  { id: 4, name: 'Viber', code: 'viber', placeholder: '+1 555 0100' },
  { id: 5, name: 'WeChat', code: 'wechat', placeholder: 'WeChat ID' },
  { id: 6, name: 'Signal', code: 'signal', placeholder: '+1 555 0100' },
  { id: 7, name: 'LINE', code: 'line', placeholder: 'LINE ID' },
  { id: 8, name: 'Discord', code: 'discord', placeholder: 'username' },
  { id: 9, name: 'Facebook Messenger', code: 'messenger', placeholder: 'facebook.com/username' },
  { id: 10, name: 'Microsoft Teams', code: 'teams', placeholder: 'name@company.com' },
  { id: 11, name: 'ICQ', code: 'icq', placeholder: 'UIN' },
  { id: 12, name: 'KakaoTalk', code: 'kakaotalk', placeholder: 'Kakao ID' },
];

/** IP2Location usage types: who holds the visitor's IP address. */
export const ip2LocationTypes = [
  { id: 1, code: 'COM', name: 'Commercial' },
  { id: 2, code: 'ORG', name: 'Organization' },
  { id: 3, code: 'GOV', name: 'Government' },
  { id: 4, code: 'MIL', name: 'Military' },
  { id: 5, code: 'EDU', name: 'University/College/School' },
  { id: 6, code: 'LIB', name: 'Library' },
  { id: 7, code: 'CDN', name: 'Content Delivery Network' },
  { id: 8, code: 'ISP', name: 'Fixed Line ISP' },
  { id: 9, code: 'MOB', name: 'Mobile ISP' },
  { id: 10, code: 'DCH', name: 'Data Center/Web Hosting/Transit' },
  { id: 11, code: 'SES', name: 'Search Engine Spider' },
  { id: 12, code: 'RSV', name: 'Reserved' },
];

/** Device platforms a campaign's traffic comes from; `locked` platforms cannot be changed after creation. */
export const campaignTrafficPlatforms = [
  { id: 1, name: 'Desktop', code: 'desktop', locked: false },
  { id: 2, name: 'Mobile', code: 'mobile', locked: false },
  { id: 3, name: 'Tablet', code: 'tablet', locked: false },
  { id: 4, name: 'Smart TV', code: 'smart-tv', locked: true },
];
