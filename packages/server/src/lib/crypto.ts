import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum recommended cost (19 MiB, 2 passes): production's, and the default. */
export const PASSWORD_COST = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * HERALD_TEST_PASSWORD_COST=low (vitest.config.ts, integration tests): argon2id at its floor. At
 * production's cost a hash or a check took ~25 ms of CPU, and the integration tests sign in and
 * seed users thousands of times. Honoured only inside vitest under NODE_ENV=test, so a production
 * environment that carries the variable keeps production's cost (and says so: passwordCostNotice).
 * Read at each hash, so a test can unset it and check production's cost. A check reads the cost
 * from the hash itself, so hashes of either cost verify everywhere.
 */
const TEST_COST = { algorithm: 2 /* Argon2id */, memoryCost: 64, timeCost: 1, parallelism: 1 };
const testCostHonoured = (env: NodeJS.ProcessEnv) =>
  env.HERALD_TEST_PASSWORD_COST === 'low' && Boolean(env.VITEST) && env.NODE_ENV === 'test';

export const passwordCost = (env = process.env) => (testCostHonoured(env) ? TEST_COST : PASSWORD_COST);

/** Why HERALD_TEST_PASSWORD_COST is ignored here, when it is set: for the server's log at warn. */
export const passwordCostNotice = (env = process.env): string | undefined =>
  env.HERALD_TEST_PASSWORD_COST !== undefined && !testCostHonoured(env)
    ? 'HERALD_TEST_PASSWORD_COST is ignored outside the test suite: passwords are hashed at the production cost'
    : undefined;

export const hashPassword = (pw: string) => hash(pw, passwordCost());
export const verifyPassword = async (hashed: string | null, pw: string) => {
  if (!hashed) return false;
  try {
    return await verify(hashed, pw);
  } catch {
    return false;
  }
};

/** Opaque secret for links, codes and refresh tokens (URL-safe). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** Stored form of an opaque secret: we keep only its SHA-256. */
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A password people can type once: letters and digits, at least one of each. */
export function generatePassword(length = 14): string {
  const letters = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const bytes = randomBytes(length);
  const chars = Array.from(bytes, (b) => all[b % all.length]!);
  chars[0] = letters[bytes[0]! % letters.length]!;
  chars[1] = digits[bytes[1]! % digits.length]!;
  return chars.join('');
}
