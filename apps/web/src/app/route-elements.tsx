import type { ReactElement } from 'react';
import { LogoutPage, UnauthorizedPage } from '../features/account/simple-pages.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RedirectPage } from './redirect-page.tsx';

/**
 * Pages in the first bundle: the login page and the two a failed check or a logout lands on. Every
 * other page, the password reset ones included, belongs to a feature that loads when it opens
 * (feature-pages.tsx), so the login page stays small (issue 15).
 */
export const routeElements: Record<string, ReactElement> = {
  login: <LoginPage />,
  unauthorized: <UnauthorizedPage />,
  logout: <LogoutPage />,
  redirect: <RedirectPage />,
};
