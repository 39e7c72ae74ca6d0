import type { Permission } from '@freightdesk/shared/permissions';
import { type AppRoute, ROUTES } from '@freightdesk/shared/routes';
import { userMayOpen } from '../../app/guard.ts';

export type MenuGroup = { heading: string; items: { id: string; title: string; to: string }[] };

/** Paths with optional parameters open at their base (`/settings/:tab?` → `/settings`). */
export function linkFor(route: AppRoute): string {
  return route.path.replace(/\/:[^/]+\?/g, '');
}

/** The pages a shipper owner without a plan may open (spec section 4, step 8), the plan first. */
const PLAN_MENU = ['plan', 'joining-fees'];

/**
 * The menu of a shipper owner without a plan (issue 38): what the account allows until a plan is
 * chosen, the plan page first, instead of every item bouncing to /plan.
 */
function planlessMenu(): MenuGroup[] {
  const items = PLAN_MENU.flatMap((id) => {
    const route = ROUTES.find((r) => r.id === id);
    return route ? [{ id: route.id, title: route.title, to: linkFor(route) }] : [];
  });
  return [{ heading: 'Plan', items }];
}

/**
 * The sidebar: menu routes the user may open, grouped by heading, in table order. `hasPlan` false
 * (a shipper owner whose account has no plan) gives the plan pages only.
 */
export function menuFor(userType: number, permissions: readonly Permission[], hasPlan = true): MenuGroup[] {
  if (userType === 3 && !hasPlan) {
    return planlessMenu();
  }
  const groups: MenuGroup[] = [];
  for (const route of ROUTES) {
    if (!route.menu || !route.requiresAuth) {
      continue;
    }
    const shipperOnly = route.permission !== undefined && !route.userTypes;
    if (shipperOnly && userType !== 3 && userType !== 4) {
      continue;
    }
    if (!userMayOpen(route, userType, permissions)) {
      continue;
    }
    let group = groups.find((g) => g.heading === route.menu);
    if (!group) {
      group = { heading: route.menu, items: [] };
      groups.push(group);
    }
    group.items.push({ id: route.id, title: route.title, to: linkFor(route) });
  }
  return groups;
}
