import type { Permission } from './permissions.ts';
import type { UserType } from './user-types.ts';

/**
 * The SPA route table of spec section 2. Paths use React Router syntax (`:id`, `:tab?`).
 * `permission` is what the guard checks (spec section 4, step 6); a child route the spec gives no
 * permission inherits its section's list permission. `userTypes` narrows routes that belong to one
 * kind of user (admin geography, the carrier portal). Public routes have `requiresAuth: false`.
 */
export type AppRoute = {
  id: string;
  path: string;
  title: string;
  requiresAuth: boolean;
  permission?: Permission;
  userTypes?: readonly UserType[];
  /** Sidebar entry: the group heading it sits under. Routes without it are not in the menu. */
  menu?: string;
};

export const ADMIN: readonly UserType[] = [1];
export const SHIPPER: readonly UserType[] = [3, 4];

export const pub = (id: string, path: string, title: string): AppRoute => ({ id, path, title, requiresAuth: false });
export const auth = (id: string, path: string, title: string, extra: Partial<AppRoute> = {}): AppRoute => ({
  id,
  path,
  title,
  requiresAuth: true,
  ...extra,
});

type Section = { base: string; idPrefix: string; title: string; menu?: string; userTypes?: readonly UserType[] };

/** Builds a section's routes; `list` is the section root's permission, inherited where none is given. */
export function section(s: Section, list: Permission | undefined, children: [string, string, Permission?][]): AppRoute[] {
  const root = auth(s.idPrefix, s.base, s.title, {
    permission: list,
    menu: s.menu,
    userTypes: s.userTypes,
  });
  return [
    root,
    ...children.map(([sub, title, permission]) =>
      auth(`${s.idPrefix}.${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, `${s.base}/${sub}`, title, {
        permission: permission ?? list,
        userTypes: s.userTypes,
      }),
    ),
  ];
}

/**
 * A direction's tracking board and its pages. The spec names no permission for them: a board shows
 * the direction's orders, under the direction's order list permission (what the API checks), as the
 * gate does, so a staff user is never shown a board the server refuses.
 */
export function trackingBoard(dir: 'inbound' | 'outbound'): AppRoute[] {
  const base = `/${dir}-tracking`;
  const label = dir === 'inbound' ? 'Inbound' : 'Outbound';
  const opts = { userTypes: SHIPPER, permission: `list-${dir}-order` as const };
  const routes: AppRoute[] = [
    auth(`${dir}-tracking`, `${base}/:tab?/:select?`, `${label} tracking`, { ...opts, menu: 'Tracking' }),
    auth(`${dir}-tracking.detail`, `${base}/detail/:id/:type`, `${label} tracking detail`, opts),
    auth(`${dir}-tracking.fastag`, `${base}/tracking-detail/:id/:type`, `${label} FASTag list`, opts),
    auth(`${dir}-tracking.phonesim`, `${base}/phonesim-address-list/:id`, `${label} phone-SIM locations`, opts),
    auth(`${dir}-tracking.schedule-map`, `${base}/schedule-map/:id`, `${label} schedule map`, opts),
    auth(`${dir}-tracking.eway`, `${base}/multiple-eway-bill/:id/:type`, `${label} e-way bills`, opts),
    auth(`${dir}-tracking.rail-location`, `/${dir}tracking/rail-location/:id`, `${label} rail location`, opts),
  ];
  if (dir === 'inbound') {
    routes.push(auth('inbound-tracking.rail-list', `${base}/rail-track-list/:id`, 'Inbound rail tracking list', opts));
  }
  return routes;
}
