/** Types of a `network-configs/<id>.json` file; the JSON Schema in schemas/meta/network-config.schema.json is the contract. */

export type Locale = 'en' | 'ru' | 'es' | 'de' | 'jp';

export interface ThemeColors {
  primary: string;
  primaryText?: string;
  accent?: string;
  sidebarBackground: string;
  sidebarText: string;
  topBarBackground?: string;
  topBarText?: string;
  background?: string;
  success?: string;
  warning?: string;
  danger?: string;
}

export interface Banner {
  image: string;
  url: string;
  alt?: string;
}

export interface Toggle {
  enabled: boolean;
}

export interface NetworkSettings {
  themes: { light: ThemeColors; dark?: ThemeColors };
  defaultTheme?: 'light' | 'dark';
  images: { logo: string; logoMini?: string; loginBackground?: string };
  favicons?: { rel?: string; href: string; sizes?: string; type?: string }[];
  helpUrls?: Partial<Record<'main' | 'api' | 'tracking' | 'rtb' | 'adFormats' | 'targeting', string>>;
  locales: Locale[];
  defaultLocale: Locale;
  welcomeScreen?: { enabled: boolean; type?: 'three-screen' | 'single-screen' | 'video'; videoUrl?: string };
  liveChat?: { enabled: boolean; kind: 1 | 2 | 3 | 4; appId?: string };
  popupWidget?: { enabled: boolean; delaySeconds?: number; banners?: Partial<Record<Locale, Banner>> };
  trackingPixel?: { enabled: boolean; domain?: string };
  pwaPrompt?: Toggle;
  adBlockWarning?: { enabled: boolean; probeUrl?: string };
  accountManagerPanel?: Toggle;
  blogUrl?: string;
  supportLinks?: { help?: string; email?: string; liveChat?: boolean; social?: { network: string; url: string }[] };
  spentThisWeek?: Toggle;
  adSpots?: Partial<Record<'sidebar' | 'dashboard', Partial<Record<Locale, Banner>>>>;
  channels?: { email?: boolean; telegram?: boolean; webPush?: boolean };
  /** Google reCAPTCHA v2 for sign-up and forgot-password; the secret is the RECAPTCHA_SECRET_<ID> env variable. */
  recaptcha?: { siteKey: string };
  payments?: {
    enabled: boolean;
    cardPaymentRedirect?: boolean;
    cardVerificationRequired?: boolean;
    currency?: string;
    currencySign?: string;
    showCurrencySign?: boolean;
  };
}

export interface NetworkConfig {
  $schema?: string;
  id: string;
  version: 1;
  name: string;
  default?: boolean;
  hosts: string[];
  /** Where the panel's pages are reached from outside (`https://panel.example.com`): every link in a mail starts here. */
  publicUrl?: string;
  adFormats: string[];
  guardSections: string[];
  targetTypes: string[];
  /** Words that reduce a creative's traffic (see schemas/meta/network-config.schema.json); default: the built-in list. */
  adKeywords?: string[];
  showSiteDomains?: boolean;
  messengerBotName?: string;
  settings: NetworkSettings;
}
