import { LOCAL_KEYS, SESSION_KEYS } from '@freightdesk/shared/constants';
import { type AppRoute, ROUTES } from '@freightdesk/shared/routes';
import { type LoaderFunctionArgs, matchRoutes, redirect } from 'react-router';
import { getSession, type Session } from '../lib/session.ts';
import { nextTask } from '../lib/when-idle.ts';
import { currentPlanAnswer, refreshSessionAnswers } from './guard-answers.ts';
import { decide, leavesSavedSection, planRedirect } from './guard.ts';
import { askFirstData } from './route-data.ts';

const table = ROUTES.map((r) => ({ path: r.path, id: r.id }));

/** Paths matched lately: React Router ranks the whole table of 183 routes on every match (about 25 ms at a phone's speed). */
const matched = new Map<string, AppRoute | undefined>();
const MATCHES_KEPT = 50;

/** The route of the shared table a path opens (the most specific match). */
export function routeFor(path: string): AppRoute | undefined {
  if (matched.has(path)) {
    return matched.get(path);
  }
  const match = matchRoutes(table, path)?.at(-1);
  const route = match ? ROUTES.find((r) => r.id === match.route.id) : undefined;
  if (matched.size >= MATCHES_KEPT) {
    matched.clear();
  }
  matched.set(path, route);
  return route;
}

/** Step 8 applies to a logged-in shipper owner (user type 3) anywhere but /login and /logout. */
const planChecked = (path: string, s: Session) => s.loggedIn && s.userType === 3 && path !== '/login' && path !== '/logout';

/**
 * The page's first data is asked for now, beside step 1's calls (record 0310), when the session as it
 * stands may open the page (a public page: always); the guard's answers may still send the user elsewhere, and the page's
 * own call is then simply not used.
 */
function askFirstDataEarly(address: string, session: Session) {
  const url = new URL(address);
  const route = routeFor(url.pathname);
  const opens =
    route &&
    (!route.requiresAuth ||
      (session.loggedIn &&
        decide({ path: url.pathname, route, loggedIn: true, userType: session.userType, permissions: session.permissions }).kind !==
          'redirect'));
  if (opens) {
    askFirstData(route.id, url, session);
  }
}

/**
 * Spec section 4, "before every navigation", in order. Runs as the root route's loader, which
 * React Router calls before each navigation renders.
 */
export async function guardLoader({ request }: LoaderFunctionArgs) {
  // Not in the task that made the router or started the navigation (TBT on a phone, issue 35).
  await nextTask();
  const path = new URL(request.url).pathname;
  let session = getSession();
  // 8 starts here, beside step 1's calls, when the session says a shipper owner (its answer is used
  // after steps 2-7, as the spec orders them); both reuse answers younger than 30 s (guard-answers.ts).
  const plan = planChecked(path, session) ? currentPlanAnswer(session.token) : undefined;
  askFirstDataEarly(request.url, session);
  // 1. Refresh permissions and header details.
  if (session.loggedIn) {
    await refreshSessionAnswers();
    session = getSession();
    if (!session.loggedIn) {
      throw redirect('/login');
    }
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
  if (plan && planChecked(path, session)) {
    const to = planRedirect(path, session.userType, await plan);
    if (to) {
      throw redirect(to);
    }
  }
  return null;
}
