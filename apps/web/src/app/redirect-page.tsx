import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LOCAL_KEYS } from '@freightdesk/shared/constants';

/**
 * Where `/redirect` hands the user on to: the `to` of its query, else the page stored to open after
 * login, else the root (which follows the login state). Only a path of this app is taken (one
 * leading `/`, no scheme, no `//` or `/\`, no `..`): a link cannot send anyone elsewhere.
 */
export function handOverTarget(search: string, stored: string | null): string {
  const given = new URLSearchParams(search).get('to');
  for (const candidate of [given, stored]) {
    if (candidate && /^\/(?![/\\])[^\s\\]*$/.test(candidate) && !candidate.split(/[/?#]/).includes('..')) {
      return candidate;
    }
  }
  return '/';
}

/**
 * `/redirect`: the spec's blank page (issue 38). It shows nothing and carries the user on at once;
 * the guard of the page it lands on decides as for any other (login, permission, plan).
 */
export function RedirectPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const stored = localStorage.getItem(LOCAL_KEYS.pathToLoadAfterLogin);
    const target = handOverTarget(search, stored);
    if (target === stored) {
      localStorage.removeItem(LOCAL_KEYS.pathToLoadAfterLogin);
    }
    navigate(target, { replace: true });
  }, [search, navigate]);
  return null;
}
