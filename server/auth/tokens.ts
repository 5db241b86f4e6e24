import { errors, jwtVerify, SignJWT } from 'jose';

/** What a token proves once verified. */
export interface TokenClaims {
  userId: number;
  sessionId: string;
}

const ALGORITHM = 'HS256';

/** Signs and verifies the panel's bearer tokens: HS256 only, issuer and audience = the network id, with expiry. */
export function createTokenService(secret: string) {
  if (secret.length < 32) throw new Error('The JWT secret must be at least 32 characters long');
  const key = new TextEncoder().encode(secret);
  return {
    /** A token for one session of a user on a network, expiring at `expiresAt`. */
    sign(input: { userId: number; sessionId: string; networkId: string; expiresAt: Date }): Promise<string> {
      return new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(input.userId))
        .setJti(input.sessionId)
        .setIssuer(input.networkId)
        .setAudience(input.networkId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(input.expiresAt.getTime() / 1000))
        .sign(key);
    },

    /** The claims of a valid token for this network, or null for any bad, foreign, tampered or expired token. */
    async verify(token: string, networkId: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: networkId, audience: networkId });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload.jti !== 'string') return null;
        return { userId, sessionId: payload.jti };
      } catch (e) {
        if (e instanceof errors.JOSEError || e instanceof TypeError) return null;
        throw e;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
