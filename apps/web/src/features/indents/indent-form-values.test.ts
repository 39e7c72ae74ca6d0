import { describe, expect, it } from 'vitest';
import type { IndentLane } from '@freightdesk/shared/schemas/indent';
import { ANSWER_WITHIN, answerWithinText, copyLine, emptyLine, indentBody, placeBatchErrors, withLane } from './indent-form-values.ts';

const lane: IndentLane = {
  id: 7,
  label: 'Pune plant → Mumbai depot',
  plantId: 1,
  plantName: 'Pune',
  vehicleTypeId: 2,
  vehicleTypeName: '32 ft MXL',
  productId: null,
  weightTonnes: null,
  carriers: [],
};

describe('placeBatchErrors', () => {
  it('puts a batch line error on that line', () => {
    const r = placeBatchErrors({ 'indents.1.reportingAt': 'Reporting date and time is in the past.' }, 3);
    expect(r).toEqual({ placed: [{ path: 'indents.1.reportingAt', message: 'Reporting date and time is in the past.' }], unplaced: [] });
  });

  it('puts an unprefixed field of a single indent on its only line', () => {
    const r = placeBatchErrors({ primaryCarrierLinkId: 'Choose a carrier holding this lane' }, 1);
    expect(r.placed).toEqual([{ path: 'indents.0.primaryCarrierLinkId', message: 'Choose a carrier holding this lane' }]);
  });

  it('puts a list item error on the list field, once', () => {
    const r = placeBatchErrors({ 'indents.0.backupCarrierLinkIds.1': 'No such record', 'indents.0.backupCarrierLinkIds.2': 'Again' }, 2);
    expect(r.placed).toEqual([{ path: 'indents.0.backupCarrierLinkIds', message: 'No such record' }]);
  });

  it('tells in the alert what has no field: the list itself, a line not in the form, an unknown field', () => {
    const r = placeBatchErrors(
      { indents: 'At most 50 indents at once', 'indents.4.vehicles': 'At least 1 vehicle', 'indents.0.colour': 'Unknown' },
      2,
    );
    expect(r.placed).toEqual([]);
    expect(r.unplaced).toEqual(['At most 50 indents at once', 'At least 1 vehicle', 'Indent 1: Unknown']);
  });

  it('does not guess the line of an unprefixed field in a batch', () => {
    expect(placeBatchErrors({ reportingAt: 'In the past' }, 2)).toEqual({ placed: [], unplaced: ['In the past'] });
  });
});

describe('indentBody', () => {
  it('drops the picked lane, trims remarks and sends empty figures as null', () => {
    const line = { ...emptyLine(), lane, laneId: 7, reportingAt: '2026-05-01T04:30:00.000Z', remarks: '  ', weightTonnes: undefined };
    expect(indentBody({ indents: [line] })).toEqual({
      indents: [
        {
          laneId: 7,
          vehicles: 1,
          reportingAt: '2026-05-01T04:30:00.000Z',
          productId: null,
          weightTonnes: null,
          remarks: undefined,
          answerMinutes: 120,
          primaryCarrierLinkId: null,
          backupCarrierLinkIds: [],
        },
      ],
    });
  });
});

describe('copyLine', () => {
  it('copies the last line with its own backup list', () => {
    const first = { ...emptyLine(), lane, laneId: 7, backupCarrierLinkIds: [3, 4] };
    const next = copyLine(first);
    next.backupCarrierLinkIds.push(5);
    expect(first.backupCarrierLinkIds).toEqual([3, 4]);
    expect(next.laneId).toBe(7);
    expect(copyLine(undefined)).toEqual(emptyLine());
  });

  it('never copies the ERP reference, which names one indent (issue 34)', () => {
    const next = copyLine({ ...emptyLine(), lane, laneId: 7, externalRef: 'IND-ERP-1' });
    expect(next.laneId).toBe(7);
    expect(next.externalRef).toBeUndefined();
    expect(indentBody({ indents: [{ ...next, externalRef: '  IND-ERP-2 ' }] }).indents[0]?.externalRef).toBe('IND-ERP-2');
  });
});

describe('a line follows its lane (issue 38)', () => {
  const rfqLane: IndentLane = { ...lane, id: 8, productId: 5, weightTonnes: 22 };
  const tenTonnes = { ...withLane(emptyLine(), lane), weightTonnes: 10, productId: 3, primaryCarrierLinkId: 4 };

  it("starts another line with the lane's weight, not the weight typed on the line before", () => {
    const next = copyLine(tenTonnes);
    expect(next).toMatchObject({ laneId: 7, weightTonnes: null, productId: null, primaryCarrierLinkId: 4 });
    expect(indentBody({ indents: [next] }).indents[0]?.weightTonnes).toBeNull();
  });

  it("takes the picked lane's weight and material, whatever the line held", () => {
    const picked = withLane(copyLine(tenTonnes), rfqLane);
    expect(picked).toMatchObject({ laneId: 8, weightTonnes: 22, productId: 5, primaryCarrierLinkId: null });
    expect(withLane(picked, null)).toMatchObject({ laneId: undefined, weightTonnes: null, productId: null });
  });
});

describe('ANSWER_WITHIN', () => {
  it('reads as hours and minutes and offers the 2 hour default', () => {
    expect(ANSWER_WITHIN.map((o) => o.label)).toContain('2 hours');
    expect(ANSWER_WITHIN.find((o) => o.value === '90')?.label).toBe('1 h 30 min');
    expect(ANSWER_WITHIN.find((o) => o.value === '60')?.label).toBe('1 hour');
    expect(ANSWER_WITHIN[0]?.label).toBe('15 min');
  });

  it('names an answer time the form does not offer in hours and minutes', () => {
    expect(answerWithinText(120)).toBe('2 hours');
    expect(answerWithinText(100)).toBe('1 h 40 min');
  });
});
