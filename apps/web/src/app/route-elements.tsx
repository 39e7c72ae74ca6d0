import type { ReactElement } from 'react';
import { LogoutPage, UnauthorizedPage } from '../features/account/simple-pages.tsx';
import { RedirectPage } from './redirect-page.tsx';

/**
 * Pages in the first bundle: the ones a failed check, a logout or a redirect lands on. Every other
 * page, the login and password pages included, belongs to a feature that loads when it opens
 * (feature-pages.tsx): the first bundle every page fetches stays small (issues 15 and 35).
 */
export const routeElements: Record<string, ReactElement> = {
  unauthorized: <UnauthorizedPage />,
  logout: <LogoutPage />,
  redirect: <RedirectPage />,
};
