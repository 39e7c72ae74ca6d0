import { expect } from 'vitest';
import { caller, freshVehicle, type Road } from './execution.ts';
import type { TestContext } from './harness.ts';

/**
 * The calls of the carrier's moves tests (modules/orders/carrier-moves*.test.ts): a carrier move on
 * an order, the order as its shipper reads it, and the shipper's gate on it. `road` answers the
 * suite's set-up road (made in its beforeAll).
 */
export function carrierMoveCalls(t: TestContext, road: () => Road) {
  const call = caller(t);
  const move = (id: number, what: string, body: object = {}, token = road().vayu, headers: Record<string, string> = {}) =>
    call('POST', `/api/carrier/orders/${id}/${what}`, token, body, headers);
  const detail = async (id: number, dir = 'outbound') => (await call('GET', `/api/orders/${dir}/${id}`, road().owner)).json().data;
  const timeline = async (id: number) => (await detail(id)).timeline as { from: string | null; to: string; reason: string | null }[];
  /** The shipper's gate on an order the carrier reported already: gate in, loaded, gate out (or `until` an earlier one). */
  async function throughGate(id: number, vehicleNumber: string | null, until = 'gate-out') {
    for (const [what, body] of [
      ['gate-in', { vehicleNumber, driverChecked: true }],
      ['loaded', { grossKg: 24_000, tareKg: 9_000 }],
      ['gate-out', {}],
    ] as const) {
      const res = await call('POST', `/api/orders/outbound/${id}/${what}`, road().owner, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
      if (what === until) {
        return;
      }
    }
  }
  return { call, move, detail, timeline, throughGate };
}

/** A vehicle and driver for an assign or a change (a fresh number each time). */
export const vehicle = (patch: object = {}) => ({
  vehicleNumber: freshVehicle(),
  driverName: 'Suresh',
  driverMobile: '9822098220',
  ...patch,
});
