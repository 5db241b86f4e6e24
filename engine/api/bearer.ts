/**
 * The token of an `Authorization: Bearer <token>` header value, or null when there is none.
 * @example
 * bearerToken('Bearer abc.def'); // 'abc.def'
 */
export function bearerToken(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}
