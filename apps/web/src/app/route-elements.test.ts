import { describe, expect, it } from 'vitest';
import { ROUTES } from '@freightdesk/shared/routes';
import { routeElements } from './route-elements.tsx';

describe('route elements', () => {
  it('are keyed by ids of the shared route table', () => {
    const ids = new Set(ROUTES.map((r) => r.id));
    expect(Object.keys(routeElements).filter((id) => !ids.has(id))).toEqual([]);
  });
});
