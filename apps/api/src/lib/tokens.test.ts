import { describe, expect, it } from 'vitest';
import { hashToken, newToken, sameSecret } from './tokens.ts';

describe('sameSecret', () => {
  it('is true for the same text only, whatever the lengths', () => {
    expect(sameSecret('Bearer s3cret', 'Bearer s3cret')).toBe(true);
    expect(sameSecret('Bearer s3cre', 'Bearer s3cret')).toBe(false);
    expect(sameSecret('Bearer s3cret!', 'Bearer s3cret')).toBe(false);
    expect(sameSecret('', 'Bearer s3cret')).toBe(false);
    expect(sameSecret('bearer s3cret', 'Bearer s3cret')).toBe(false);
  });
});

describe('newToken', () => {
  it('answers a token and the hash stored in its place', () => {
    const { token, hash } = newToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(hash).toBe(hashToken(token));
    expect(hash).not.toContain(token);
  });
});
