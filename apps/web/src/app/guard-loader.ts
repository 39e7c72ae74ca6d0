import { LOCAL_KEYS, SESSION_KEYS } from '@freightdesk/shared/constants';
import type { Permission } from '@freightdesk/shared/permissions';
import { type AppRoute, ROUTES } from '@freightdesk/shared/routes';
import { type LoaderFunctionArgs, matchRoutes, redirect } from 'react-router';
import { ApiError, api } from '../lib/api.ts';
import { endSessionRefusing, getSession, updateSession } from '../lib/session.ts';
import { decide, leavesSavedSection, planRedirect } from './guard.ts';

const table = ROUTES.map((r) => ({ path: r.path, id: r.id }));

/** The route of the shared table a path opens (the most specific match). */
export function routeFor(path: string): AppRoute | undefined {
  const match = matchRoutes(table, path)?.at(-1);
  return match ? ROUTES.find((r) => r.id === match.route.id) : undefined;
}

type Plan = { noOfMembers: number; noOfPlants: number };

/**
 * Step 8's question: has the owner's company a plan? Recorded in the spec's keys. Without network (a
 * guard's tablet in the yard) the answer is the one recorded last time: unknown is not "none".
 */
async function hasCurrentPlan(): Promise<boolean> {
  const plan = await api.post<{ data: Plan[] }>('/plan/current-plan').catch((err: unknown) => {
    const offline = err instanceof ApiError && err.status === 0;
    return offline ? null : { data: [] as Plan[] };
  });
  if (!plan) {
    return localStorage.getItem(LOCAL_KEYS.planExpire) !== '0';
  }
  const current = plan.data[0];
  localStorage.setItem(LOCAL_KEYS.planExpire, current ? '1' : '0');
  localStorage.setItem(LOCAL_KEYS.noOfMembers, String(current?.noOfMembers ?? 0));
  localStorage.setItem(LOCAL_KEYS.noOfPlants, String(current?.noOfPlants ?? 0));
  return Boolean(current);
}

/**
 * Spec section 4, "before every navigation", in order. Runs as the root route's loader, which
 * React Router calls before each navigation renders.
 */
export async function guardLoader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  let session = getSession();
  // 1. Refresh permissions and header details.
  if (session.loggedIn) {
    try {
      const [perms, header] = await Promise.all([
        api.post<{ data: Permission[] }>('/shipper-permissions'),
        api.post<{ data: { industry: string | null; name: string; role: string | null } }>('/login-header-details'),
      ]);
      updateSession({ permissions: perms.data, industry: header.data.industry, userName: header.data.name, role: header.data.role });
    } catch (err) {
      // Unless a new login came while these calls were out (then they answered the old session).
      if (err instanceof ApiError && err.status === 401) {
        endSessionRefusing(session.token);
        if (!getSession().loggedIn) {
          throw redirect('/login');
        }
      }
    }
    session = getSession();
  }
  // 2. Clear the inbound tab flag.
  localStorage.removeItem(LOCAL_KEYS.inboundTabVisible);
  const route = routeFor(path);
  // 4. Leaving the section whose tabs are saved clears them.
  if (route?.requiresAuth && leavesSavedSection(path, sessionStorage.getItem(SESSION_KEYS.route))) {
    for (const key of [
      SESSION_KEYS.activeTabNumber,
      SESSION_KEYS.tabName,
      SESSION_KEYS.subActiveTabNumber,
      SESSION_KEYS.subTabName,
      SESSION_KEYS.requestDetail,
    ]) {
      sessionStorage.removeItem(key);
    }
  }
  // 3, 5, 6, 7.
  const decision = decide({ path, route, loggedIn: session.loggedIn, userType: session.userType, permissions: session.permissions });
  if (decision.kind === 'redirect') {
    if (decision.rememberAfterLogin) {
      localStorage.setItem(LOCAL_KEYS.pathToLoadAfterLogin, decision.rememberAfterLogin);
    }
    if (decision.reason) {
      console.warn(`Permission check failed: ${decision.reason}`);
    }
    throw redirect(decision.to);
  }
  // 8. The plan check for shipper owners.
  if (session.loggedIn && session.userType === 3 && path !== '/login' && path !== '/logout') {
    const to = planRedirect(path, session.userType, await hasCurrentPlan());
    if (to) {
      throw redirect(to);
    }
  }
  return null;
}
