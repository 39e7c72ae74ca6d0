import { LOCAL_KEYS } from '@freightdesk/shared/constants';
import type { Permission } from '@freightdesk/shared/permissions';
import { ApiError, api } from '../lib/api.ts';
import { endSessionRefusing, getSession, updateSession } from '../lib/session.ts';

/**
 * How long the guard's answers stand for the next navigations (record 0297). Within it a navigation
 * reuses the permissions, header details and "has a plan" fetched for the same session instead of
 * waiting for the three calls again; past it, they are asked again before the page opens.
 */
export const GUARD_ANSWERS_FRESH_MS = 30_000;

type Plan = { noOfMembers: number; noOfPlants: number };
/** When an answer was fetched, for which session token; `pending` shares a call two navigations make. */
type Stamp = { token: string; at: number; pending?: Promise<void> };

let refreshed: Stamp | undefined;
let planned: Stamp | undefined;

const fresh = (stamp: Stamp | undefined, token: string, now: number): stamp is Stamp =>
  stamp !== undefined && stamp.token === token && (stamp.pending !== undefined || now - stamp.at < GUARD_ANSWERS_FRESH_MS);

/** Forgets the answers: the next navigation asks again (a login, a logout, a plan bought). */
export function forgetGuardAnswers(): void {
  refreshed = undefined;
  planned = undefined;
}

/** Step 1's calls: permissions and header details, stored in the session. A 401 ends the session. */
async function refreshSession(token: string): Promise<void> {
  try {
    const [perms, header] = await Promise.all([
      api.post<{ data: Permission[] }>('/shipper-permissions'),
      api.post<{ data: { industry: string | null; name: string; role: string | null } }>('/login-header-details'),
    ]);
    updateSession({ permissions: perms.data, industry: header.data.industry, userName: header.data.name, role: header.data.role });
    refreshed = { token, at: Date.now() };
  } catch (err) {
    refreshed = undefined;
    // Unless a new login came while these calls were out (then they answered the old session).
    if (err instanceof ApiError && err.status === 401) {
      endSessionRefusing(token);
    }
  }
}

/**
 * Step 1 of section 4: the permissions and header details of the session, refreshed unless they were
 * fetched for this token less than GUARD_ANSWERS_FRESH_MS ago (then nothing waits). A call already
 * out for this token is awaited rather than made twice.
 */
export function refreshSessionAnswers(): Promise<void> {
  const { loggedIn, token } = getSession();
  const now = Date.now();
  if (!loggedIn) {
    return Promise.resolve();
  }
  if (fresh(refreshed, token, now)) {
    return refreshed?.pending ?? Promise.resolve();
  }
  const pending = refreshSession(token);
  refreshed = { token, at: now, pending };
  return pending;
}

/** The plan answer recorded in the spec's keys; true when the company has a plan. */
function recordPlan(current: Plan | undefined): boolean {
  localStorage.setItem(LOCAL_KEYS.planExpire, current ? '1' : '0');
  localStorage.setItem(LOCAL_KEYS.noOfMembers, String(current?.noOfMembers ?? 0));
  localStorage.setItem(LOCAL_KEYS.noOfPlants, String(current?.noOfPlants ?? 0));
  return Boolean(current);
}

/**
 * Step 8's question: has the owner's company a plan? Recorded in the spec's keys. Without network (a
 * guard's tablet in the yard) the answer is the one recorded last time: unknown is not "none".
 * Only "a plan" is kept fresh: a company without one asks on every navigation, so buying a plan
 * opens the app at once.
 */
async function askPlan(token: string): Promise<boolean> {
  const plan = await api.post<{ data: Plan[] }>('/plan/current-plan').catch((err: unknown) => {
    // Offline, or a 401 (the session ends; "no plan" would outlive it in the spec's keys).
    const unanswered = err instanceof ApiError && (err.status === 0 || err.status === 401);
    return unanswered ? null : { data: [] as Plan[] };
  });
  if (!plan) {
    planned = undefined;
    return localStorage.getItem(LOCAL_KEYS.planExpire) !== '0';
  }
  const has = recordPlan(plan.data[0]);
  planned = has ? { token, at: Date.now() } : undefined;
  return has;
}

/**
 * Step 8's answer for the session's token: the recorded one when a plan was seen less than
 * GUARD_ANSWERS_FRESH_MS ago, else asked (the guard starts this beside step 1's calls).
 */
export function currentPlanAnswer(token: string): Promise<boolean> {
  if (planned?.token === token && Date.now() - planned.at < GUARD_ANSWERS_FRESH_MS && localStorage.getItem(LOCAL_KEYS.planExpire) === '1') {
    return Promise.resolve(true);
  }
  return askPlan(token);
}
