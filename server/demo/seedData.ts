/** Demo data of the embedded default: two networks that differ visibly, each with the same kinds of accounts. */

export const DEMO_PASSWORD = 'demo1234';

export interface DemoManager {
  networkId: string;
  name: string;
  email: string;
  avatarUrl: string | null;
  telegram: string | null;
}

export interface DemoUser {
  networkId: string;
  email: string;
  name: string;
  role: 'advertiser' | 'support';
  status: 'confirmed' | 'unconfirmed';
  accountType: 'personal' | 'company';
  companyName: string | null;
  locale: 'en' | 'ru' | 'es' | 'de' | 'jp';
  /** Decimal string: money never passes through a float. */
  balance: string;
  managerEmail: string | null;
  /** Second sign-in step; `totpSecret` (base32) for google. */
  twoFactor?: { method: 'email' } | { method: 'google'; totpSecret: string };
  /** Starts with demo ads of the network's formats (server/demo/seedAds.ts) when the server seeds them. */
  demoAds?: boolean;
  /** Signed up with this demo user's referral link (same network): the referrer earns a share of their spend. */
  referredBy?: string;
}

/**
 * What a network's demo advertiser runs (seedCampaigns.ts): the ad format of each demo campaign in turn (one the network
 * sells and has an approved demo ad of; otherwise the approved ads in turn, as for a network not listed here), and the
 * daily and total money limits of each. Totals stay above 90 days of the daily limit, so no campaign's history ends early.
 * PushHub is a push network: its advertiser runs web push and in-page push on a small budget.
 */
export const demoCampaignSetups: Record<string, { formats: string[]; daily: string; total: string }> = {
  adnet: { formats: ['popunder', 'gallery', 'native', 'in-page', 'popunder'], daily: '40.00', total: '5000.00' },
  pushhub: { formats: ['web-push', 'in-page', 'web-push', 'in-page', 'web-push'], daily: '10.00', total: '1500.00' },
};

/** Below this balance (decimal string, 4 places) a user gets the low-balance notification. */
export const LOW_BALANCE_THRESHOLD = '100.0000';

/**
 * TOTP secrets of the demo users with Google Authenticator sign-in, by e-mail. Add one to an authenticator app
 * (or compute codes with server/auth/totp.ts) to sign in as them.
 */
export const DEMO_TOTP_SECRETS: Record<string, string> = {
  'google2fa@adnet.test': 'JBSWY3DPEHPK3PXP',
  'google2fa@pushhub.test': 'GEZDGNBVGY3TQOJQ',
};

/** What a demo notification is about: one of the user's own seeded objects, or the user. */
export type DemoNotificationSubject = 'confirmedEmail' | 'secondStep' | 'activeCampaign' | 'pausedCampaign' | 'rejectedCampaign' | 'approvedAd' | 'rejectedAd' | 'adNeedingEdits' | 'invoice';

/**
 * Notifications a new demo advertiser starts with (oldest first), each about something the user really has: a
 * subject the user lacks (an advertiser without demo ads has no campaigns) leaves its notification out.
 */
export const demoNotifications: { type: string; about: DemoNotificationSubject; hoursAgo: number; read?: boolean }[] = [
  { type: 'user_email_confirmed', about: 'confirmedEmail', hoursAgo: 24 * 60, read: true },
  { type: 'user_two_factor_enabled', about: 'secondStep', hoursAgo: 24 * 30, read: true },
  { type: 'invoice_created', about: 'invoice', hoursAgo: 72 },
  { type: 'campaign_approved', about: 'activeCampaign', hoursAgo: 70, read: true },
  { type: 'ad_approved', about: 'approvedAd', hoursAgo: 50 },
  { type: 'campaign_rejected', about: 'rejectedCampaign', hoursAgo: 30 },
  { type: 'ad_needs_edits', about: 'adNeedingEdits', hoursAgo: 26 },
  { type: 'campaign_low_price', about: 'activeCampaign', hoursAgo: 20 },
  { type: 'ad_rejected', about: 'rejectedAd', hoursAgo: 6 },
  { type: 'campaign_paused_activated', about: 'pausedCampaign', hoursAgo: 2 },
];

export const demoManagers: DemoManager[] = [
  {
    networkId: 'adnet',
    name: 'Anna Petrova',
    email: 'anna.petrova@adnet.test',
    avatarUrl: '/network-assets/adnet/manager-anna.svg',
    telegram: 'anna_adnet',
  },
  { networkId: 'pushhub', name: 'Marco Rossi', email: 'marco.rossi@pushhub.test', avatarUrl: '/network-assets/pushhub/manager-marco.svg', telegram: null },
];

export const demoUsers: DemoUser[] = [
  {
    networkId: 'adnet',
    email: 'advertiser@adnet.test',
    name: 'Alex Morgan',
    role: 'advertiser',
    status: 'confirmed',
    accountType: 'personal',
    companyName: null,
    locale: 'en',
    balance: '1250.5000',
    managerEmail: 'anna.petrova@adnet.test',
    demoAds: true,
    // The company's /personal shows a referral program with a referral who spends.
    referredBy: 'company@adnet.test',
  },
  {
    networkId: 'adnet',
    email: 'company@adnet.test',
    name: 'Maria Schmidt',
    role: 'advertiser',
    status: 'confirmed',
    accountType: 'company',
    companyName: 'Acme Media GmbH',
    locale: 'de',
    balance: '15420.7500',
    managerEmail: 'anna.petrova@adnet.test',
  },
  {
    networkId: 'adnet',
    email: 'support@adnet.test',
    name: 'AdNet Support',
    role: 'support',
    status: 'confirmed',
    accountType: 'personal',
    companyName: null,
    locale: 'en',
    balance: '0.0000',
    managerEmail: null,
  },
  {
    networkId: 'pushhub',
    email: 'advertiser@pushhub.test',
    name: 'Ivan Sokolov',
    role: 'advertiser',
    status: 'unconfirmed',
    accountType: 'personal',
    companyName: null,
    locale: 'ru',
    balance: '87.1200',
    managerEmail: 'marco.rossi@pushhub.test',
    demoAds: true,
  },
  {
    networkId: 'pushhub',
    email: 'company@pushhub.test',
    name: 'Lena Kraus',
    role: 'advertiser',
    status: 'confirmed',
    accountType: 'company',
    companyName: 'Bright Apps Ltd',
    locale: 'en',
    balance: '3300.0000',
    managerEmail: 'marco.rossi@pushhub.test',
  },
  {
    networkId: 'pushhub',
    email: 'support@pushhub.test',
    name: 'PushHub Support',
    role: 'support',
    status: 'confirmed',
    accountType: 'personal',
    companyName: null,
    locale: 'en',
    balance: '0.0000',
    managerEmail: null,
  },
  ...(['adnet', 'pushhub'] as const).flatMap((networkId): DemoUser[] => [
    {
      networkId,
      email: `email2fa@${networkId}.test`,
      name: 'Olivia Chen',
      role: 'advertiser',
      status: 'confirmed',
      accountType: 'personal',
      companyName: null,
      locale: 'en',
      balance: '540.0000',
      managerEmail: null,
      twoFactor: { method: 'email' },
    },
    {
      networkId,
      email: `google2fa@${networkId}.test`,
      name: 'Jonas Berg',
      role: 'advertiser',
      status: 'confirmed',
      accountType: 'personal',
      companyName: null,
      locale: 'en',
      balance: '2100.0000',
      managerEmail: null,
      twoFactor: { method: 'google', totpSecret: DEMO_TOTP_SECRETS[`google2fa@${networkId}.test`] },
    },
  ]),
];

/** Why moderation may turn an ad down; the first is the automatic scan's own (is_system). */
export const demoRejectCauses = [
  { name: 'Automatic content check', details: 'The automatic check found content that is not allowed. See the scan report.', isSystem: true },
  { name: 'Misleading content', details: 'The ad promises something the landing page does not deliver, or imitates system messages.', isSystem: false },
  { name: 'Prohibited product', details: 'The product or service cannot be advertised on this network.', isSystem: false },
  { name: 'Landing page unavailable', details: 'The landing page did not open or redirects somewhere else.', isSystem: false },
  { name: 'Low quality creative', details: 'The image is blurry, stretched or unreadable at its size.', isSystem: false },
  { name: 'Malicious code', details: 'The ad code redirects, mines or tries to install software.', isSystem: false },
];
