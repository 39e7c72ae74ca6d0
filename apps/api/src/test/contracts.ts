import { expect } from 'vitest';
import { closeRound } from '../modules/rfqs/rfq-rounds.service.ts';
import { caller } from './execution.ts';
import type { TestContext } from './harness.ts';
import type { Procurement } from './procurement.ts';
import { indiaToday } from '../lib/india-time.ts';

/** India-time day `days` from now (YYYY-MM-DD). */
/** India's day `days` from today (YYYY-MM-DD). */
export const indiaDay = (days = 0) => indiaToday(new Date(Date.now() + days * 86_400_000));

/**
 * A contracted lane: an RFQ of one lane (the plant to the drop-off location) quoted by both
 * carriers (Vayu ₹40,000, Ganesh ₹38,000), awarded Vayu `vayuShare`% and Ganesh the rest (or
 * Vayu alone at 100), running from today for a year.
 */
export async function contractedLane(t: TestContext, p: Procurement, vayuShare = 60) {
  const call = caller(t);
  const plantId = p.base.plantId as number;
  const stopId = (p.base.dropoffs as { stopId: number }[])[0]?.stopId ?? 0;
  const made = await call('POST', '/api/rfqs', p.owner, {
    title: 'Indent lane',
    plantId,
    periodFrom: indiaDay(0),
    periodTo: indiaDay(365),
    lanes: [
      {
        origin: { kind: 'plant', id: plantId },
        destination: { kind: 'stop', id: stopId },
        vehicleTypeId: p.base.vehicleTypeId,
        tripsPerMonth: 30,
        weightTonnes: 20,
      },
    ],
    carrierLinkIds: [p.vayuLink, p.ganeshLink],
  });
  expect(made.statusCode, made.body).toBe(201);
  const rfq = made.json().data as { id: number; laneList: { id: number }[] };
  const laneId = rfq.laneList[0]?.id ?? 0;
  const round = await call('POST', `/api/rfqs/${rfq.id}/rounds`, p.owner, { endsAt: new Date(Date.now() + 3_600_000).toISOString() });
  expect(round.statusCode, round.body).toBe(201);
  for (const [token, amountRupees] of [
    [p.vayu, 40_000],
    [p.ganesh, 38_000],
  ] as const) {
    const q = await call('POST', `/api/carrier/rfqs/${rfq.id}/quotes`, token, { quotes: [{ laneId, amountRupees }] });
    expect(q.statusCode, q.body).toBe(200);
  }
  await closeRound(t.database.db, rfq.id, 1);
  const splits =
    vayuShare === 100
      ? [{ carrierLinkId: p.vayuLink, sharePct: 100 }]
      : [
          { carrierLinkId: p.vayuLink, sharePct: vayuShare },
          { carrierLinkId: p.ganeshLink, sharePct: 100 - vayuShare },
        ];
  const award = await call('POST', `/api/rfqs/${rfq.id}/award`, p.owner, { lanes: [{ laneId, splits }] });
  expect(award.statusCode, award.body).toBe(200);
  return { rfqId: rfq.id, laneId, contracts: award.json().data.contracts as { contractId: number; carrierLinkId: number }[] };
}
