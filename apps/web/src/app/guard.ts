import type { AppRoute } from '@freightdesk/shared/routes';
import type { Permission } from '@freightdesk/shared/permissions';

export type GuardInput = {
  path: string;
  route: AppRoute | undefined;
  loggedIn: boolean;
  userType: number;
  permissions: readonly Permission[];
};

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string; rememberAfterLogin?: string; reason?: string };

/** Paths a type-3 user without a plan may still open (spec section 4, step 8, and loop guards). */
export const PLAN_FREE_PATHS = [
  '/login',
  '/logout',
  '/plan',
  '/joining-fees',
  '/401',
  '/user_profile',
  '/edit_profile',
  '/change_password',
];

/** Shipper-only routes (those with permissions) are for types 3 and 4. */
export function userMayOpen(route: AppRoute, userType: number, permissions: readonly Permission[]): boolean {
  if (route.userTypes && !route.userTypes.includes(userType as never)) {
    return false;
  }
  if (route.permission && !permissions.includes(route.permission)) {
    return false;
  }
  return true;
}

/**
 * Steps 3, 5, 6 and 7 of spec section 4 as a pure decision (steps 1, 2, 4 and 8 touch storage
 * and the API and run around it in the router).
 */
export function decide(input: GuardInput): GuardDecision {
  if (input.path === '/' || input.path === '') {
    return { kind: 'redirect', to: input.loggedIn ? '/dashboard' : '/login' };
  }
  const route = input.route;
  if (!route) {
    return { kind: 'allow' };
  }
  if (route.requiresAuth && !input.loggedIn) {
    return { kind: 'redirect', to: '/login', rememberAfterLogin: input.path === '/joining-fees' ? '/joining-fees' : undefined };
  }
  if (!route.requiresAuth && input.loggedIn && input.path === '/login') {
    return { kind: 'redirect', to: '/dashboard' };
  }
  if (route.requiresAuth && !userMayOpen(route, input.userType, input.permissions)) {
    return { kind: 'redirect', to: '/401', reason: `missing ${route.permission ?? 'user type'} for ${input.path}` };
  }
  return { kind: 'allow' };
}

/** Step 4: does the target path leave the section whose tabs are saved in sessionStorage? */
export function leavesSavedSection(path: string, savedRoute: string | null): boolean {
  return !savedRoute || !path.includes(savedRoute);
}

/** Step 8: where a plan-less type-3 user goes (null: stay). */
export function planRedirect(path: string, userType: number, hasPlan: boolean): string | null {
  if (userType !== 3 || hasPlan || PLAN_FREE_PATHS.includes(path)) {
    return null;
  }
  return '/plan';
}
