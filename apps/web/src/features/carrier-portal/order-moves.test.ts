import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@freightdesk/shared/constants';
import { carrierActions } from './order-moves.ts';
import { type DeliverValues, deliverProblems, podFields, podFileProblem } from './deliver-form.ts';

const out = (status: string, requestType = 1) => ({ status, requestType, source: 'request' }) as Parameters<typeof carrierActions>[0];
const png = { name: 'pod.PNG', size: 2048 } as File;
const base: DeliverValues = {
  receiverName: 'Store keeper',
  receiverMobile: '',
  deliveredAt: '2026-03-02 10:30',
  remarks: '',
  file: png,
};

describe('carrier moves', () => {
  it('offers the forward move first, then the vehicle change and the rejection, by status and direction', () => {
    expect(carrierActions(out('placed'))).toEqual(['assign', 'reject']);
    expect(carrierActions(out('vehicle_assigned'))).toEqual(['report', 'changeVehicle']);
    expect(carrierActions(out('reported'))).toEqual(['changeVehicle']);
    expect(carrierActions(out('gate_out'))).toEqual(['arrive']);
    expect(carrierActions(out('arrived'))).toEqual(['deliver']);
    expect(carrierActions(out('delivered'))).toEqual([]);
    // Inbound: the receiving gate's record is the receipt; the carrier neither arrives nor delivers.
    expect(carrierActions(out('gate_out', 2))).toEqual([]);
  });

  it('takes a photo or a PDF within the size limit', () => {
    expect(podFileProblem(png)).toBeNull();
    expect(podFileProblem({ name: 'signed.pdf', size: MAX_DOCUMENT_BYTES })).toBeNull();
    expect(podFileProblem({ name: 'pod.xlsx', size: 10 })).toMatch(/photo \(JPEG, PNG or WebP\) or a PDF/);
    expect(podFileProblem({ name: 'big.jpg', size: MAX_DOCUMENT_BYTES + 1 })).toMatch(/larger than the 10 MB limit/);
    expect(podFileProblem(null)).toMatch(/Attach the proof of delivery/);
  });

  it('checks the fields with the shared POD schema: a shortage or damage needs remarks', () => {
    expect(deliverProblems(base)).toEqual({});
    expect(deliverProblems({ ...base, shortageQty: 2 })).toEqual({ remarks: 'Say what is short or damaged' });
    expect(deliverProblems({ ...base, shortageQty: 2, remarks: '2 bags torn' })).toEqual({});
    const bad = deliverProblems({ ...base, receiverName: ' ', receiverMobile: '123', damageQty: -1, deliveredAt: null, file: null });
    expect(Object.keys(bad).sort()).toEqual(['damageQty', 'deliveredAt', 'file', 'receiverMobile', 'receiverName']);
  });

  it('sends the picked time as India time, and "now" left untouched as the moment of sending', () => {
    expect(podFields(base).deliveredAt).toBe('2026-03-02T05:00:00.000Z');
    const now = new Date('2026-03-02T05:03:27.000Z');
    expect(podFields(base, now, '2026-03-02 10:30').deliveredAt).toBe(now.toISOString());
    expect(podFields({ ...base, shortageQty: 0 }).shortageQty).toBe('0');
    expect(podFields(base).shortageQty).toBe('');
  });
});
