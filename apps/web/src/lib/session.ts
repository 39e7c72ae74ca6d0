import { useSyncExternalStore } from 'react';
import { DEFAULT_CAN_ADD_REQUEST, DEFAULT_USER_NAME, LOCAL_KEYS, SESSION_KEYS } from '@freightdesk/shared/constants';
import type { Permission } from '@freightdesk/shared/permissions';
import type { SessionUser } from '@freightdesk/shared/schemas/auth';
import type { UserType } from '@freightdesk/shared/user-types';
import { TOKEN_KEY } from './api.ts';

/**
 * The session state of spec section 3, mirrored in localStorage under the spec's keys (plus the
 * token and the remaining session fields under their own names), with a tiny subscribe API.
 */
export type Session = {
  token: string;
  loggedIn: boolean;
  userName: string;
  profilePicture: string | null;
  permissions: Permission[];
  userType: UserType | 0;
  userId: number;
  userTypeId: number;
  email: string;
  mobile: string;
  industry: string;
  role: string;
  userTypeName: string;
  hideMaterialRequest: boolean;
  hideMaterialRfp: boolean;
  canAddRequest: boolean;
};

const K = {
  token: TOKEN_KEY,
  loggedIn: 'is_logged_in',
  profilePicture: 'profile_picture',
  userId: 'user_id',
  userTypeId: 'user_type_id',
  email: 'email',
  mobile: 'mobile',
  userTypeName: 'user_type_name',
  hideMaterialRequest: 'hide_material_request',
  hideMaterialRfp: 'hide_material_rfp',
  canAddRequest: 'can_add_request',
} as const;

const listeners = new Set<() => void>();
let cached: Session | undefined;

function read(): Session {
  const get = (k: string) => localStorage.getItem(k) ?? '';
  const permissions = get(LOCAL_KEYS.permissions);
  return {
    token: get(K.token),
    loggedIn: get(K.loggedIn) === '1' && get(K.token) !== '',
    userName: get(LOCAL_KEYS.userName) || DEFAULT_USER_NAME,
    profilePicture: get(K.profilePicture) || null,
    permissions: (permissions ? permissions.split(',') : []) as Permission[],
    userType: Number(get(LOCAL_KEYS.userType)) as UserType | 0,
    userId: Number(get(K.userId)),
    userTypeId: Number(get(K.userTypeId)),
    email: get(K.email),
    mobile: get(K.mobile),
    industry: get(LOCAL_KEYS.industry),
    role: get(LOCAL_KEYS.role),
    userTypeName: get(K.userTypeName),
    hideMaterialRequest: get(K.hideMaterialRequest) === '1',
    hideMaterialRfp: get(K.hideMaterialRfp) === '1',
    canAddRequest: localStorage.getItem(K.canAddRequest) === null ? DEFAULT_CAN_ADD_REQUEST : get(K.canAddRequest) === '1',
  };
}

function changed() {
  cached = undefined;
  for (const l of listeners) {
    l();
  }
}

export function getSession(): Session {
  cached ??= read();
  return cached;
}

export function useSession(): Session {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, getSession);
}

const flag = (b: boolean) => (b ? '1' : '0');

/** Stores everything the login answers. */
export function startSession(u: SessionUser): void {
  const set = (k: string, v: string) => localStorage.setItem(k, v);
  set(K.token, u.token);
  set(K.loggedIn, '1');
  set(LOCAL_KEYS.userName, u.userName);
  set(K.profilePicture, u.profilePicture ?? '');
  set(LOCAL_KEYS.permissions, u.permissions.join(','));
  set(LOCAL_KEYS.userType, String(u.userType));
  set(K.userId, String(u.userId));
  set(K.userTypeId, String(u.userTypeId));
  set(K.email, u.email);
  set(K.mobile, u.mobile ?? '');
  set(LOCAL_KEYS.industry, u.industry ?? '');
  set(K.userTypeName, u.userTypeName);
  set(K.hideMaterialRequest, flag(u.hideMaterialFromTransporterRequest));
  set(K.hideMaterialRfp, flag(u.hideMaterialFromTransporterRfp));
  set(K.canAddRequest, flag(u.canAddRequest));
  changed();
}

/** Refreshed on every navigation (spec section 4, step 1). */
export function updateSession(patch: {
  permissions?: Permission[];
  industry?: string | null;
  userName?: string;
  role?: string | null;
  profilePicture?: string | null;
  mobile?: string | null;
}): void {
  if (patch.permissions) {
    localStorage.setItem(LOCAL_KEYS.permissions, patch.permissions.join(','));
  }
  if (patch.industry !== undefined) {
    localStorage.setItem(LOCAL_KEYS.industry, patch.industry ?? '');
  }
  if (patch.userName !== undefined) {
    localStorage.setItem(LOCAL_KEYS.userName, patch.userName);
  }
  if (patch.role !== undefined) {
    localStorage.setItem(LOCAL_KEYS.role, patch.role ?? '');
  }
  if (patch.profilePicture !== undefined) {
    localStorage.setItem(K.profilePicture, patch.profilePicture ?? '');
  }
  if (patch.mobile !== undefined) {
    localStorage.setItem(K.mobile, patch.mobile ?? '');
  }
  changed();
}

const endListeners = new Set<() => void>();

/**
 * Runs `listener` just before a logout clears the session (the token is still readable): push
 * drops this browser's device token, the live socket closes.
 */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Logout (spec section 4): name, industry, permissions, user type ids, picture, token, post-login path. */
export function endSession(): void {
  for (const l of endListeners) {
    try {
      l();
    } catch (err) {
      console.warn('logout hook failed', err);
    }
  }
  for (const k of [
    LOCAL_KEYS.userName,
    LOCAL_KEYS.industry,
    LOCAL_KEYS.permissions,
    LOCAL_KEYS.userType,
    LOCAL_KEYS.role,
    LOCAL_KEYS.pathToLoadAfterLogin,
    K.token,
    K.loggedIn,
    K.profilePicture,
    K.userId,
    K.userTypeId,
    K.email,
    K.mobile,
    K.userTypeName,
  ]) {
    localStorage.removeItem(k);
  }
  for (const k of Object.values(SESSION_KEYS)) {
    sessionStorage.removeItem(k);
  }
  changed();
}

/**
 * A 401 ends the session only when it answered a call made with the token still held: an answer to
 * a call of the previous session (still in flight at logout, answered after the next login) must
 * not log the new user out. True when it ended the session.
 */
export function endSessionRefusing(sentToken: string): boolean {
  const session = getSession();
  if (!session.loggedIn || sentToken !== session.token) {
    return false;
  }
  endSession();
  return true;
}

export function hasPermission(permission: Permission | undefined): boolean {
  return !permission || getSession().permissions.includes(permission);
}
