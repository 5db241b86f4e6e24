/** The A/B experiment groups. Group 1 sends users who have not confirmed their e-mail to /confirm-email. */
export type AbGroup = 1 | 2;

/** The sessionStorage key and cookie name the group is kept under. */
export const AB_GROUP_KEY = 'ab_group';
/** The cookie keeps the group for a year, so the device stays in one group. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Where the group is read from and written to; the browser's by default. */
export interface AbGroupEnv {
  session?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Reads and writes `document.cookie`. */
  cookies?: { read(): string; write(cookie: string): void } | null;
  random?: () => number;
}

const parse = (value: string | null | undefined): AbGroup | null => (value === '1' ? 1 : value === '2' ? 2 : null);

const browserCookies = () =>
  typeof document === 'undefined'
    ? null
    : { read: () => document.cookie, write: (cookie: string) => void (document.cookie = cookie) };

const safeSession = () => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage blocked: the cookie alone keeps the group
  }
};

/**
 * The device's A/B group: the one already kept in sessionStorage or the cookie, else a new random one.
 * Either way it is written back to both, so it is assigned once per device.
 */
export function abGroup(env: AbGroupEnv = {}): AbGroup {
  const session = env.session === undefined ? safeSession() : env.session;
  const cookies = env.cookies === undefined ? browserCookies() : env.cookies;
  const fromCookie = cookies?.read().match(new RegExp(`(?:^|;\\s*)${AB_GROUP_KEY}=([^;]*)`))?.[1];
  let fromSession: string | null = null;
  try {
    fromSession = session?.getItem(AB_GROUP_KEY) ?? null;
  } catch {
    // storage blocked
  }
  const group: AbGroup = parse(fromSession) ?? parse(fromCookie) ?? ((env.random ?? Math.random)() < 0.5 ? 1 : 2);
  try {
    session?.setItem(AB_GROUP_KEY, String(group));
  } catch {
    // storage full or blocked
  }
  cookies?.write(`${AB_GROUP_KEY}=${group}; path=/; max-age=${COOKIE_MAX_AGE_S}; SameSite=Lax`);
  return group;
}

/** The fields of the current user the A/B rule reads. */
export interface AbUser {
  status: string;
  is_impersonating?: boolean;
}

/** Whether the A/B rule sends this user to /confirm-email: group 1, e-mail not confirmed, not impersonated. */
export function mustConfirmEmail(group: AbGroup, user: AbUser | null): boolean {
  return group === 1 && user !== null && user.status !== 'confirmed' && !user.is_impersonating;
}
