import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@freightdesk/shared/schemas/auth';
import { endSessionRefusing, getSession, startSession } from './session.ts';

const storage = () => {
  const store = new Map<string, string>();
  return {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
};

const user = (token: string): SessionUser => ({
  token,
  expiresAt: '2026-12-30T00:00:00.000Z',
  userName: 'Asha',
  profilePicture: null,
  permissions: [],
  userType: 3,
  userId: 1,
  userTypeId: 1,
  email: 'owner@demo.test',
  mobile: null,
  industry: 'Demo Industries',
  userTypeName: 'Industry',
  hideMaterialFromTransporterRequest: false,
  hideMaterialFromTransporterRfp: false,
  canAddRequest: true,
});

beforeEach(() => {
  vi.stubGlobal('localStorage', storage());
  vi.stubGlobal('sessionStorage', storage());
});
afterEach(() => vi.unstubAllGlobals());

describe('a 401 and the session it answers', () => {
  it('ends the session when the refused call carried the token still held', () => {
    startSession(user('carrier-token'));
    expect(endSessionRefusing('carrier-token')).toBe(true);
    expect(getSession().loggedIn).toBe(false);
    expect(getSession().token).toBe('');
  });

  it('leaves a newer session alone: the refused call was the previous user’s, answered after the next login', () => {
    startSession(user('carrier-token'));
    startSession(user('owner-token'));
    expect(endSessionRefusing('carrier-token')).toBe(false);
    expect(getSession()).toMatchObject({ loggedIn: true, token: 'owner-token', userName: 'Asha' });
    // A call made without any token (before the login) is not the session's either.
    expect(endSessionRefusing('')).toBe(false);
    expect(getSession().loggedIn).toBe(true);
  });
});
