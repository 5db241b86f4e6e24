import { parse } from 'node:querystring';

/**
 * Fastify's query string parser for this API: Node's parser, with axios-style array keys (`ids[]=1&ids[]=2`, what
 * the panel's API client sends) folded into plain ones (`ids`), so query schemas name arrays without brackets. A key
 * sent both ways is merged.
 * @example parseQueryString('ids[]=1&ids[]=2&q=a') // { ids: ['1', '2'], q: 'a' }
 */
export function parseQueryString(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parse(text))) {
    const plain = key.endsWith('[]') ? key.slice(0, -2) : key;
    out[plain] = Object.hasOwn(out, plain) ? [out[plain], value].flat() : value;
  }
  return out;
}
