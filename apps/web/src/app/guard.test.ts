import { describe, expect, it } from 'vitest';
import { findRouteById, ROUTES } from '@freightdesk/shared/routes';
import { decide, leavesSavedSection, planRedirect } from './guard.ts';

const route = (path: string) => ROUTES.find((r) => r.path === path);
const base = { loggedIn: true, userType: 3, permissions: ['list-plant' as const] };

describe('navigation guard (spec section 4)', () => {
  it('sends the root path to the dashboard or the login', () => {
    expect(decide({ ...base, path: '/', route: undefined })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decide({ ...base, loggedIn: false, path: '/', route: undefined })).toEqual({ kind: 'redirect', to: '/login' });
  });
  it('sends a logged-out user to login, remembering /joining-fees only', () => {
    expect(decide({ ...base, loggedIn: false, path: '/joining-fees', route: route('/joining-fees') })).toEqual({
      kind: 'redirect',
      to: '/login',
      rememberAfterLogin: '/joining-fees',
    });
    expect(decide({ ...base, loggedIn: false, path: '/plant', route: route('/plant') })).toEqual({
      kind: 'redirect',
      to: '/login',
      rememberAfterLogin: undefined,
    });
  });
  it('sends a user without the permission or user type to /401', () => {
    expect(decide({ ...base, path: '/plant/add', route: route('/plant/add') })).toMatchObject({ kind: 'redirect', to: '/401' });
    expect(decide({ ...base, path: '/plant', route: route('/plant') })).toEqual({ kind: 'allow' });
    expect(decide({ ...base, path: '/country', route: route('/country') })).toMatchObject({ to: '/401' });
    expect(decide({ ...base, userType: 1, permissions: [], path: '/country', route: route('/country') })).toEqual({ kind: 'allow' });
  });
  it('allows routes without a requirement, and public routes to anyone', () => {
    expect(decide({ ...base, permissions: [], path: '/dashboard', route: findRouteById('dashboard') })).toEqual({ kind: 'allow' });
    expect(decide({ ...base, loggedIn: false, path: '/forgot-password', route: route('/forgot-password') })).toEqual({ kind: 'allow' });
    expect(decide({ ...base, path: '/login', route: route('/login') })).toEqual({ kind: 'redirect', to: '/dashboard' });
  });
  it('clears saved tabs only when leaving the saved section', () => {
    expect(leavesSavedSection('/request/outbound/detail/4', '/request/outbound')).toBe(false);
    expect(leavesSavedSection('/plant', '/request/outbound')).toBe(true);
    expect(leavesSavedSection('/plant', null)).toBe(true);
  });
  it('sends a plan-less type-3 user to /plan, except on the plan pages, login and logout', () => {
    expect(planRedirect('/dashboard', 3, false)).toBe('/plan');
    expect(planRedirect('/plan', 3, false)).toBeNull();
    expect(planRedirect('/logout', 3, false)).toBeNull();
    expect(planRedirect('/dashboard', 3, true)).toBeNull();
    expect(planRedirect('/dashboard', 4, false)).toBeNull();
  });
});
