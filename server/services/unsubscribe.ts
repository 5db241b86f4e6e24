import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed unsubscribe links: an HMAC of network and e-mail under a server secret, so only mailed links work. */
export function createUnsubscribeSigner(secret: string) {
  const sign = (networkId: string, email: string) => createHmac('sha256', secret).update(`unsubscribe:${networkId}:${email.toLowerCase()}`).digest('hex');
  return {
    sign,
    /** Whether the signature was made for this network and e-mail (constant time). */
    verify(networkId: string, email: string, signature: string): boolean {
      const expected = Buffer.from(sign(networkId, email));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    /** The page link carried by notification mails. */
    link(origin: string, networkId: string, email: string): string {
      return `${origin}/unsubscribe/${encodeURIComponent(email)}?signature=${sign(networkId, email)}`;
    },
  };
}

export type UnsubscribeSigner = ReturnType<typeof createUnsubscribeSigner>;
