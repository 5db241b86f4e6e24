import { phrase, type Phrase } from '../i18n/phrase';

/**
 * What is wrong with a web address a user gives us to call (a feed, a bidder, a provider's endpoint), or null.
 * The form's schema has already checked it is a URI of at most 2048 characters (`format: uri`); this adds what a
 * schema cannot say: only http and https, a host, and no user name or password (they would be stored, shown in
 * lists and sent in every request; a partner's credentials belong in its query string or headers agreed apart).
 * Whether the address may be called (private networks) is decided when it is called, not here.
 */
export function webAddressProblem(address: string): Phrase | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return phrase('Enter a full web address that starts with http:// or https://.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return phrase('Enter a full web address that starts with http:// or https://.');
  if (!url.hostname) return phrase('Enter a full web address that starts with http:// or https://.');
  if (url.username || url.password) return phrase('Leave the user name and password out of the address.');
  return null;
}
