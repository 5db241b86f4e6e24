/**
 * Whether a URL from a network config may be used as an image or icon: a same-origin path or an https URL.
 * Config strings are untrusted; `javascript:`, `data:` and protocol-relative URLs are refused.
 */
export const isSafeAssetUrl = (url: unknown): url is string => typeof url === 'string' && /^(\/[^/\\]|https:\/\/)/.test(url);
