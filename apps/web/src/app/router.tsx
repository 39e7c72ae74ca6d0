import { type ReactElement, useEffect } from 'react';
import {
  Outlet,
  type RouteObject,
  ScrollRestoration,
  createHashRouter,
  isRouteErrorResponse,
  useMatches,
  useNavigation,
  useRouteError,
} from 'react-router';
import { ROUTES } from '@freightdesk/shared/routes';
import { LoadingOverlay } from '../components/feedback/feedback.tsx';
import { UpdatePrompt } from '../components/feedback/update-prompt.tsx';
import { PublicLayout } from '../components/layout/public-layout.tsx';
import { ComingSoonPage, ErrorPage, NotFoundPage } from '../features/account/simple-pages.tsx';
import { setAppState } from '../lib/app-state.ts';
import { featureFor } from './feature-pages.tsx';
import { guardLoader } from './guard-loader.ts';
import { KeyedRoute } from './keyed-route.tsx';
import { routeElements } from './route-elements.tsx';

/** Shows the loading overlay for navigations that take a noticeable time. */
function usePreloaderDuringNavigation() {
  const loading = useNavigation().state === 'loading';
  useEffect(() => {
    if (!loading) {
      setAppState({ preloader: false });
      return;
    }
    const timer = setTimeout(() => setAppState({ preloader: true }), 400);
    return () => clearTimeout(timer);
  }, [loading]);
}

/** The page's own title first in the tab and the history (WCAG 2.4.2): "Order detail · Freightdesk". */
function useDocumentTitle() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle;
  const title = handle && typeof handle === 'object' && 'title' in handle && typeof handle.title === 'string' ? handle.title : undefined;
  useEffect(() => {
    document.title = title ? `${title} · Freightdesk` : 'Freightdesk';
  }, [title]);
}

function Root() {
  usePreloaderDuringNavigation();
  useDocumentTitle();
  return (
    <>
      <LoadingOverlay />
      <Outlet />
      <UpdatePrompt />
      <ScrollRestoration getKey={(location) => location.key} />
    </>
  );
}

function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return <ErrorPage message={message} />;
}

/**
 * Every page keyed by the record its address names: `edit/5` then `edit/8` is a new page, not a re-render.
 * A feature's page is a lazy route: the router fetches its code alongside the guard's calls and keeps
 * the current page (then the loading overlay) until both are done, so no page flashes a fallback.
 */
const toRoute = (r: (typeof ROUTES)[number]): RouteObject => {
  const shell = routeElements[r.id];
  const feature = shell ? undefined : featureFor(r.id);
  const keyed = (page: ReactElement | undefined) => <KeyedRoute>{page ?? <ComingSoonPage title={r.title} />}</KeyedRoute>;
  // The route id lets the page shown name the page likely next (prefetch-features.ts).
  const handle = { title: r.title, routeId: r.id };
  if (!feature) {
    return { path: r.path, handle, element: keyed(shell) };
  }
  return { path: r.path, handle, lazy: async () => ({ element: keyed((await feature())[r.id]) }) };
};

/**
 * Every route of the shared table under one root whose loader runs the spec's before-each-navigation
 * steps; public pages in the public frame, the rest in the app shell. Navigation scrolls to the top.
 * Made by main.tsx in a task of its own: making it ranks the 183 routes and starts the first
 * navigation (the guard's calls and the page's code).
 */
export const createAppRouter = () =>
  createHashRouter([
    {
      path: '/',
      element: <Root />,
      loader: guardLoader,
      shouldRevalidate: () => true,
      errorElement: <RouteError />,
      children: [
        { index: true, element: null },
        { element: <PublicLayout />, children: ROUTES.filter((r) => !r.requiresAuth).map(toRoute) },
        {
          // The signed-in frame (menu, header, modals, toasts) loads with the first page behind the login.
          lazy: () => import('./app-frame.tsx').then((m) => ({ Component: m.AppFrame })),
          children: [
            ...ROUTES.filter((r) => r.requiresAuth).map(toRoute),
            { path: '*', handle: { title: 'Page not found' }, element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
