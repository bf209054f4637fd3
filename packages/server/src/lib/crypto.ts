import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum recommended cost (19 MiB, 2 passes). */
const ARGON = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (pw: string) => hash(pw, ARGON);
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
