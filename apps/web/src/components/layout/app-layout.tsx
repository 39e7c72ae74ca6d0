import { AppShell, Burger, Group, NavLink, Text, Title, UnstyledButton } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { DeferredMenu, lazyPart } from '../../lib/lazy-part.tsx';
import { AccountFace, accountLabel } from './account-face.tsx';
import { setAppState, useAppState } from '../../lib/app-state.ts';
import { useSession } from '../../lib/session.ts';
import { FlashMessage } from '../feedback/feedback.tsx';
import { menuFor } from './menu.ts';
import { LOCAL_KEYS } from '@freightdesk/shared/constants';

/** Whether the owner's account has a plan, as the guard records it on every navigation (spec section 4, step 8). */
const hasPlan = () => localStorage.getItem(LOCAL_KEYS.planExpire) !== '0';

const MAIN_ID = 'page-content';

/** Extra handlers of a menu link, by the route id it opens. */
type MenuLinkProps = (routeId: string) => { onPointerEnter?: () => void; onFocus?: () => void; onTouchStart?: () => void };

/** The first tab stop: past the header and the menu to the page (shown when it has the focus). */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="skip-link"
      onClick={(e) => {
        // The hash names the page in this router, so the link moves the focus instead of navigating.
        e.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Skip to content
    </a>
  );
}

/**
 * Where the page goes: the skip link's target, with the flash message above the page. It names the
 * address whose page it shows (`data-location`), drawn with that page: the router draws the next
 * page a moment after the address changes, and the journeys wait for it rather than act on the
 * page before it (e2e helpers' `openPage`).
 */
function PageArea() {
  const { pathname } = useLocation();
  return (
    <AppShell.Main bg="gray.0" id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }} data-location={pathname}>
      <FlashMessage />
      <Outlet />
    </AppShell.Main>
  );
}

/**
 * The signed-in shell: header, foldable sidebar with the user's menu, flash message, page.
 * `headerActions` (What's new and the notification bell) come from the app, so the shell imports no feature;
 * so do `menuLinkProps`, the handlers a menu link takes by route id (the app fetches its page's code on intent).
 */
export function AppLayout({ headerActions, menuLinkProps }: { headerActions?: ReactNode; menuLinkProps?: MenuLinkProps }) {
  const folded = useAppState((s) => s.sidebarUnfoldable);
  const { shown, toggle } = useSidebar();
  const width = folded ? 72 : 250;

  return (
    <AppShell header={{ height: 56 }} navbar={{ width, breakpoint: 'sm', collapsed: { mobile: !shown, desktop: !shown } }} padding="md">
      <AppShell.Header>
        <SkipLink />
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Brand shown={shown} toggle={toggle} />
          <Group gap="md" wrap="nowrap">
            {headerActions}
            <AccountMenu />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label="Main menu">
        {/* Hidden (a phone's closed menu), the menu is not drawn: a third of a page's first render. */}
        {shown && <SidebarMenu folded={folded} linkProps={menuLinkProps} />}
      </AppShell.Navbar>

      <PageArea />
    </AppShell>
  );
}

/** The menu's groups and the fold button at its foot. */
function SidebarMenu({ folded, linkProps }: { folded: boolean; linkProps?: MenuLinkProps }) {
  return (
    <>
      {/* The browser's own scrolling: Mantine's ScrollArea would bring the floating code into the first download. */}
      <AppShell.Section grow style={{ overflowY: 'auto' }}>
        <MenuGroups folded={folded} linkProps={linkProps} />
      </AppShell.Section>
      <AppShell.Section>
        <NavLink
          component="button"
          label={folded ? '' : 'Fold menu'}
          aria-label={folded ? 'Unfold menu' : 'Fold menu'}
          leftSection={folded ? <IconLayoutSidebarLeftExpand size={18} /> : <IconLayoutSidebarLeftCollapse size={18} />}
          onClick={() => setAppState({ sidebarUnfoldable: !folded })}
        />
      </AppShell.Section>
    </>
  );
}

/** Whether the sidebar shows, and the burger's toggle. */
function useSidebar() {
  const visible = useAppState((s) => s.sidebarVisible);
  const location = useLocation();
  // Below Mantine's sm breakpoint (a phone, a tablet held upright) the menu covers the page: there
  // it starts closed and closes after each navigation, whatever the desktop's remembered state.
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  // Opened on one page, it counts as closed on the next: navigating closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const shown = narrow ? openOn === location.pathname : visible;
  const toggle = () => (narrow ? setOpenOn(shown ? null : location.pathname) : setAppState({ sidebarVisible: !visible }));
  return { shown, toggle };
}

/** The burger, the product name and the company's industry. */
function Brand({ shown, toggle }: { shown: boolean; toggle: () => void }) {
  const session = useSession();
  return (
    <Group gap="sm" wrap="nowrap">
      <Burger opened={shown} onClick={toggle} size="sm" aria-label="Show or hide the menu" />
      <Title order={4} c="brand.8">
        Freightdesk
      </Title>
      {session.industry && (
        <Text size="sm" c="dimmed" visibleFrom="sm">
          {session.industry}
        </Text>
      )}
    </Group>
  );
}

const AccountMenuPart = lazyPart(() => import('./account-menu.tsx').then((m) => m.AccountMenu));
const FoldedTooltip = lazyPart(() => import('./folded-tooltip.tsx').then((m) => m.FoldedTooltip));

/**
 * The user's name and role, opening profile, password and logout. Until the page has settled the
 * button is drawn without its menu; a tap then brings the menu open (record 0322).
 */
function AccountMenu() {
  const session = useSession();
  return (
    <DeferredMenu
      part={AccountMenuPart}
      props={{}}
      button={(handlers) => (
        <UnstyledButton aria-label={accountLabel(session)} aria-haspopup="menu" {...handlers}>
          <AccountFace />
        </UnstyledButton>
      )}
    />
  );
}

/** The user's menu groups; folded, each item shows two letters with its title as a tooltip. */
function MenuGroups({ folded, linkProps }: { folded: boolean; linkProps?: MenuLinkProps }) {
  const session = useSession();
  const location = useLocation();
  const groups = menuFor(session.userType, session.permissions, hasPlan());
  return groups.map((g) => (
    <div key={g.heading}>
      {!folded && (
        <Text size="xs" tt="uppercase" c="dimmed" fw={600} px="sm" mt="sm" mb={4}>
          {g.heading}
        </Text>
      )}
      {g.items.map((item) => {
        const active = location.pathname === item.to || location.pathname.startsWith(`${item.to}/`);
        const link = (
          <NavLink
            key={item.id}
            component={Link}
            to={item.to}
            label={folded ? item.title.slice(0, 2) : item.title}
            aria-label={item.title}
            active={active}
            onClick={() => setAppState({ currentMenu: item.id })}
            {...linkProps?.(item.id)}
          />
        );
        return folded ? (
          <FoldedTooltip key={item.id} label={item.title} fallback={link}>
            {link}
          </FoldedTooltip>
        ) : (
          link
        );
      })}
    </div>
  ));
}
