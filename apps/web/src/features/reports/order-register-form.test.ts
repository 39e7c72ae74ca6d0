import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { EMPTY_REGISTER_FORM, registerErrors, registerParams } from './order-register-form.ts';

describe('order register params', () => {
  it('sends nothing for an empty form', () => {
    expect(registerParams(EMPTY_REGISTER_FORM)).toEqual({});
  });

  it('sends the set filters, ids and direction as numbers', () => {
    const params = registerParams({
      ...EMPTY_REGISTER_FORM,
      direction: '2',
      plantId: '7',
      carrierLinkId: '12',
      lane: 'Pune Chakan Plant → Surat',
      status: 'gate_out',
      pickup: ['2026-11-01', '2026-11-30'],
      gateIn: ['2026-11-05', null],
      gateOut: [null, null],
      rejected: [null, '2026-11-20'],
      format: 'csv',
    });
    expect(params).toEqual({
      direction: 2,
      plantId: 7,
      carrierLinkId: 12,
      lane: 'Pune Chakan Plant → Surat',
      status: 'gate_out',
      pickupFrom: '2026-11-01',
      pickupTo: '2026-11-30',
      gateInFrom: '2026-11-05',
      rejectedTo: '2026-11-20',
    });
  });
});

describe('order register errors', () => {
  it('puts each params.<name> message on its filter, a range under its one picker', () => {
    const err = new ApiError(400, 'VALIDATION', 'Invalid filter', {
      'params.pickupTo': 'Use YYYY-MM-DD',
      'params.plantId': 'No such record',
      'params.lane': 'A lane name is at most 200 characters',
      format: 'format must be csv or xlsx',
    });
    expect(registerErrors(err)).toEqual({
      fields: {
        pickup: 'Use YYYY-MM-DD',
        plantId: 'No such record',
        lane: 'A lane name is at most 200 characters',
        format: 'format must be csv or xlsx',
      },
      alert: null,
    });
    expect(registerErrors(new ApiError(400, 'VALIDATION', 'x', { 'params.gateOutFrom': 'bad' })).fields).toEqual({ gateOut: 'bad' });
  });

  it('shows a refusal that names no filter above the form', () => {
    const forbidden = new ApiError(403, 'FORBIDDEN', "You need the 'list-industry-report' permission.");
    expect(registerErrors(forbidden)).toEqual({ fields: {}, alert: "You need the 'list-industry-report' permission." });
    const unknown = new ApiError(400, 'VALIDATION', 'Unrecognized key: "plant"', { params: 'Unrecognized key' });
    expect(registerErrors(unknown).alert).toBe('Unrecognized key: "plant"');
    expect(registerErrors(new Error('boom')).alert).toBe('Something went wrong. Please try again.');
  });
});
