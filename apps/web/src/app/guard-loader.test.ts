import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_KEYS } from '@freightdesk/shared/constants';
import type { LoaderFunctionArgs } from 'react-router';
import { TOKEN_KEY } from '../lib/api.ts';
import { getSession, updateSession } from '../lib/session.ts';
import { nextTask } from '../lib/when-idle.ts';
import { forgetGuardAnswers, GUARD_ANSWERS_FRESH_MS } from './guard-answers.ts';
import { guardLoader } from './guard-loader.ts';

const storage = (entries: [string, string][] = []) => {
  const store = new Map<string, string>(entries);
  return {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
};

/** The calls the guard made, by path, in the order they started, and the answer each path gets. */
let calls: string[] = [];
let status: Record<string, number> = {};
let plans: { noOfMembers: number; noOfPlants: number }[] = [];
/** Resolves the answers held back (to see which calls start before any answers). */
let release: () => void = () => {};

const answers: Record<string, () => unknown> = {
  '/api/shipper-permissions': () => ({ data: ['list-plant'] }),
  '/api/login-header-details': () => ({ data: { industry: 'Demo Industries', name: 'Asha', role: 'Owner' } }),
  '/api/plan/current-plan': () => ({ data: plans }),
};

function signIn(userType: number, token = 'tok-1') {
  vi.stubGlobal(
    'localStorage',
    storage([
      [TOKEN_KEY, token],
      ['is_logged_in', '1'],
      [LOCAL_KEYS.userType, String(userType)],
      [LOCAL_KEYS.permissions, 'list-plant'],
    ]),
  );
  updateSession({});
}

beforeEach(() => {
  calls = [];
  status = {};
  plans = [{ noOfMembers: 5, noOfPlants: 2 }];
  forgetGuardAnswers();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-06T10:00:00Z'));
  vi.stubGlobal('sessionStorage', storage());
  let held: (() => void)[] = [];
  release = () => {
    for (const go of held) {
      go();
    }
    held = [];
  };
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    await new Promise<void>((go) => held.push(go));
    const code = status[url] ?? 200;
    return new Response(JSON.stringify(code === 200 ? answers[url]?.() : { error: { code: 'X', message: 'no' } }), { status: code });
  });
  signIn(3);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Runs the loader for `path`, releasing the held answers: the redirect's target, or null. */
async function navigate(path: string): Promise<string | null> {
  const run = guardLoader({ request: new Request(`http://app${path}`), params: {}, context: undefined } as LoaderFunctionArgs);
  await nextTask();
  for (let i = 0; i < 5; i++) {
    await Promise.resolve();
    release();
  }
  try {
    await run;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) {
      return thrown.headers.get('location');
    }
    throw thrown;
  }
}

describe('the guard before each navigation (spec section 4, record 0297)', () => {
  it("starts a shipper owner's plan call beside the permissions and header calls", async () => {
    const run = guardLoader({ request: new Request('http://app/plant'), params: {}, context: undefined } as LoaderFunctionArgs);
    // The guard runs in the task after the navigation's (a phone's long task split, issue 35).
    expect(calls).toEqual([]);
    await nextTask();
    // No answer has come back yet, and all three calls are out.
    expect(calls.sort()).toEqual(['/api/login-header-details', '/api/plan/current-plan', '/api/shipper-permissions']);
    release();
    await vi.waitFor(async () => {
      release();
      expect(await Promise.race([run, new Promise((r) => setTimeout(() => r('pending'), 5))])).toBeNull();
    });
    expect(getSession().role).toBe('Owner');
  });

  it('reuses answers younger than the freshness window, and asks again after it', async () => {
    expect(await navigate('/plant')).toBeNull();
    expect(calls).toHaveLength(3);
    vi.setSystemTime(Date.now() + 5000);
    expect(await navigate('/dashboard')).toBeNull();
    expect(calls).toHaveLength(3);
    vi.setSystemTime(Date.now() + GUARD_ANSWERS_FRESH_MS);
    expect(await navigate('/dashboard')).toBeNull();
    expect(calls).toHaveLength(6);
  });

  it('asks again for a new session token, and keeps asking a company without a plan', async () => {
    plans = [];
    expect(await navigate('/dashboard')).toBe('/plan');
    expect(await navigate('/plan')).toBeNull();
    // The permissions are fresh; the missing plan is asked again (buying one opens the app at once).
    expect(calls.filter((c) => c === '/api/plan/current-plan')).toHaveLength(2);
    expect(calls.filter((c) => c === '/api/shipper-permissions')).toHaveLength(1);
    signIn(3, 'tok-2');
    plans = [{ noOfMembers: 1, noOfPlants: 1 }];
    expect(await navigate('/dashboard')).toBeNull();
    expect(calls.filter((c) => c === '/api/shipper-permissions')).toHaveLength(2);
  });

  it('does not ask a carrier for a plan, and a 401 ends the session and is not kept', async () => {
    signIn(2);
    status['/api/shipper-permissions'] = 401;
    expect(await navigate('/carrier/orders')).toBe('/login');
    expect(getSession().loggedIn).toBe(false);
    expect(calls).not.toContain('/api/plan/current-plan');
    expect(calls).toHaveLength(2);
    signIn(2);
    status = {};
    expect(await navigate('/carrier/orders')).toBeNull();
    expect(calls).toHaveLength(4);
  });
});
