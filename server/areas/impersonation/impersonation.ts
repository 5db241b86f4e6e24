/** An impersonation token is "<row id>_<secret>": the id finds the row, the secret is checked against its HMAC. */
export function splitToken(token: string): { id: number; secret: string } | null {
  const match = /^(\d{1,10})_([A-Za-z0-9_-]{20,100})$/.exec(token.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? { id, secret: match[2] } : null;
}
