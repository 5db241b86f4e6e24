/**
 * Stands in for `fast-uri` in the browser bundle (vite.config.ts aliases it): @rjsf/utils calls only its `equal`
 * and `resolve`, to follow `$id`-based references of draft 2020-12 schemas. Ours are draft-07 with local `#/…`
 * references, so those calls are rare; the platform's URL does them, and the sign-in page loads ~7 KiB less.
 * uriResolver.test.ts checks the answers against fast-uri itself.
 */

/** `ref` resolved against `base` (RFC 3986); a reference that cannot be resolved comes back unchanged. */
function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

const normal = (uri: string): string => {
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
};

/** Whether two URIs are the same once normalised (scheme and host case, dot segments). */
function equal(a: string, b: string): boolean {
  return normal(a) === normal(b);
}

export default { resolve, equal };
export { equal, resolve };
