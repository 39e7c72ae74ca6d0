import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new opaque token (256 random bits) and the hash that is stored in its place. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Is a secret the caller gave the one expected? Compared in constant time, of their SHA-256
 * digests (equal lengths whatever was given), so the time taken says nothing of how much matched.
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}
