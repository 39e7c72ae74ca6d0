import { describe, expect, it } from 'vitest';
import { ceilingRoute, envelope } from './lists-ceiling.ts';
import { listShape } from './lists-load.ts';
import type { Scenario } from './lists-scenarios.ts';

const scenario: Scenario = { name: 'page 2000', path: '/api/orders/outbound?page=2000', sql: 'select 1', params: [7] };
const answer = {
  fields: ['id', 'plant_name', 'pickup_at', 'total'],
  rows: [
    [3, 'Pune', '2026-01-02 10:00:00+00', null],
    [2, 'Pune', '2026-01-01 10:00:00+00', null],
  ],
};

describe("the lists bench's ceiling server", () => {
  it('serves the path the app was called with, its page and page size read from it', () => {
    const route = ceilingRoute(scenario, '/api/orders/outbound?page=2000&cursor=abc.def');
    expect(route).toMatchObject({ path: '/api/orders/outbound?page=2000&cursor=abc.def', page: 2000, pageSize: 25, params: [7] });
    expect(ceilingRoute(scenario, '/api/orders/outbound?pageSize=100')).toMatchObject({ page: 1, pageSize: 100 });
  });

  it("answers the app's envelope: camelCase rows without the count column, which the load generator accepts", () => {
    const text = envelope(ceilingRoute(scenario, scenario.path), answer);
    const body = JSON.parse(text) as { data: Record<string, unknown>[]; total: number; page: number; pageSize: number };
    expect(body.data[0]).toEqual({ id: 3, plantName: 'Pune', pickupAt: '2026-01-02 10:00:00+00' });
    // No count read along (a deep page): the total the page implies, as the app's pageTotal has it.
    expect(body).toMatchObject({ total: 1999 * 25 + 2, page: 2000, pageSize: 25 });
    expect(listShape(text)).toBeUndefined();
  });

  it('answers the count its statement read', () => {
    const counted = { ...answer, rows: answer.rows.map((r) => [...r.slice(0, 3), '10001']) };
    const body = JSON.parse(envelope(ceilingRoute(scenario, '/api/orders/outbound'), counted)) as { total: number };
    expect(body.total).toBe(10001);
  });
});
