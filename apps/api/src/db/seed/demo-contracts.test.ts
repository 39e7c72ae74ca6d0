import { describe, expect, it } from 'vitest';
import { caller } from '../../test/execution.ts';
import { useTestApp } from '../../test/harness.ts';
import { seedDemoContracts } from './demo-contracts.ts';
import { seedDemoFreight } from './demo-freight.ts';

const t = useTestApp();
const call = caller(t);

describe('demo contracts', () => {
  it('gives the demo two active contracts, an indent for Vayu to answer and an RFQ open for quotes', async () => {
    await seedDemoFreight(t.database.db);
    await seedDemoContracts(t.database.db);
    const owner = await t.login('owner@demo.test');
    const contracts = (await call('GET', '/api/contracts', owner)).json().data as { carrierName: string; status: string; lanes: number }[];
    expect(contracts.map((c) => [c.carrierName, c.status, c.lanes]).sort()).toEqual([
      ['Sahyadri Logistics', 'active', 2],
      ['Vayu Roadlines', 'active', 1],
    ]);
    const vayu = await t.login('carrier@demo.test');
    const asked = (await call('GET', '/api/carrier/indents?pending=true', vayu)).json().data as {
      vehiclesAsked: number;
      rateRupees: number;
    }[];
    expect(asked.map((a) => [a.vehiclesAsked, a.rateRupees])).toEqual([[2, 38_500]]);
    const open = (await call('GET', '/api/carrier/rfqs?status=open', vayu)).json().data as { title: string }[];
    expect(open.map((r) => r.title)).toEqual(['Nashik lanes, next quarter']);
    // Issue 38: the awarded RFQ's round closed before the award, never at a time still to come.
    const awarded = (await call('GET', '/api/rfqs?status=awarded', owner)).json().data as { id: number }[];
    expect(awarded).toHaveLength(1);
    const detail = (await call('GET', `/api/rfqs/${awarded[0]?.id}`, owner)).json().data as { rounds: { closedAt: string | null }[] };
    expect(detail.rounds).toHaveLength(1);
    for (const r of detail.rounds) {
      expect(r.closedAt).not.toBeNull();
      expect(Date.parse(r.closedAt ?? '')).toBeLessThanOrEqual(Date.now());
    }
  });
});
