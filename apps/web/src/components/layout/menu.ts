import type { Permission } from '@freightdesk/shared/permissions';
import { type AppRoute, ROUTES } from '@freightdesk/shared/routes';
import { userMayOpen } from '../../app/guard.ts';

export type MenuGroup = { heading: string; items: { id: string; title: string; to: string }[] };

/** Paths with optional parameters open at their base (`/settings/:tab?` → `/settings`). */
export function linkFor(route: AppRoute): string {
  return route.path.replace(/\/:[^/]+\?/g, '');
}

/** The sidebar: menu routes the user may open, grouped by heading, in table order. */
export function menuFor(userType: number, permissions: readonly Permission[]): MenuGroup[] {
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
