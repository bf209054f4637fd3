import { createHmac, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { randomToken } from '../../lib/crypto';

export type AccessClaims = { sub: string; sid: string };

/**
 * Access tokens are short-lived HS256 JWTs. The signing key is generated on first start and
 * kept in the database, so every server process sharing the database shares the key.
 */
export class JwtKeys {
  private constructor(private readonly key: Uint8Array) {}

  static async load(db: Db): Promise<JwtKeys> {
    await db
      .insert(settings)
      .values({ key: 'jwt_secret', value: randomToken(48) })
      .onConflictDoNothing();
    const [row] = await db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
    return new JwtKeys(new TextEncoder().encode(row!.value));
  }

  /** A key for another purpose (signed download URLs), derived so it changes with the JWT key. */
  derive(label: string): Buffer {
    return createHmac('sha256', this.key).update(label).digest();
  }

  sign(claims: AccessClaims, ttlSec: number): Promise<string> {
    return (
      new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer('herald')
        .setIssuedAt()
        // a unique id: two tokens issued in the same second for the same session must still differ
        .setJti(randomUUID())
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSec)
        .sign(this.key)
    );
  }

  /** 'expired' and 'invalid' are told apart: the console shows a re-login dialog for the first. */
  async verify(token: string): Promise<AccessClaims | 'expired' | 'invalid'> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'herald', algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return 'invalid';
      return { sub: payload.sub, sid: payload.sid };
    } catch (e) {
      return e instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}
