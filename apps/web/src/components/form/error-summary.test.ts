import { describe, expect, it } from 'vitest';
import {
  cleanLabel,
  flattenErrors,
  humanise,
  serverErrorPaths,
  summarise,
  summaryLine,
  withoutServerErrorsAtFields,
} from './error-summary.ts';

// The request form's errors as react-hook-form holds them after an empty submit: schema order,
// nested drop-off errors, a field array's own error under `root`, DOM refs beside messages.
const errors = {
  plantId: { type: 'invalid_type', message: 'Choose a plant', ref: { focus: () => undefined } },
  weightTonnes: { type: 'invalid_type', message: 'Weight is required' },
  dropoffs: [{ type: 'custom', message: 'Choose a location or a client address' }],
  remarks: { type: 'too_big', message: 'At most 1000 characters' },
  carrierLinkIds: { type: 'custom', message: 'Invite at least one carrier or group' },
};

// The page shows them in another order: plant, weight, invitations, then drop-offs, remarks last.
const places = [
  { path: 'plantId', label: 'Plant' },
  { path: 'vehicleTypeId', label: 'Vehicle type' },
  { path: 'weightTonnes', label: 'Weight (t)' },
  { path: 'carrierLinkIds', label: 'Invite carriers' },
  { path: 'dropoffs', label: 'Drop-off addresses' },
  { path: 'dropoffs.0', label: 'Drop-off 1' },
  { path: 'remarks', label: 'Remarks' },
];

describe('form error summary', () => {
  it('flattens nested errors with their paths, skipping refs and keeping array roots on the array', () => {
    expect(flattenErrors({ ...errors, groupIds: { root: { type: 'too_big', message: 'Too many' } } })).toEqual([
      { path: 'plantId', message: 'Choose a plant' },
      { path: 'weightTonnes', message: 'Weight is required' },
      { path: 'dropoffs.0', message: 'Choose a location or a client address' },
      { path: 'remarks', message: 'At most 1000 characters' },
      { path: 'carrierLinkIds', message: 'Invite at least one carrier or group' },
      { path: 'groupIds', message: 'Too many' },
    ]);
  });

  it('lists the bad fields in page order, named by their labels, the first one first', () => {
    const items = summarise(flattenErrors(errors), places);
    expect(items.map(summaryLine)).toEqual([
      'Plant: choose a plant',
      'Weight (t): weight is required',
      'Invite carriers: invite at least one carrier or group',
      'Drop-off 1: choose a location or a client address',
      'Remarks: at most 1000 characters',
    ]);
    expect(items[0]?.place).toBe('plantId');
  });

  it('shows an error whose own field is not in the page at its nearest enclosing field, and one with none last', () => {
    const items = summarise(
      [
        { path: 'quantity', message: 'Quantity must be more than 0' },
        { path: 'dropoffs.1.stopId', message: 'No such record' },
        { path: 'remarks', message: 'At most 1000 characters' },
      ],
      [...places, { path: 'dropoffs.1', label: 'Drop-off 2' }],
    );
    expect(items.map((i) => [i.label, i.place])).toEqual([
      ['Remarks', 'remarks'],
      ['Drop-off 2', 'dropoffs.1'],
      ['Quantity', null],
    ]);
  });

  it('keeps acronyms and reads labels without the required asterisk', () => {
    expect(summaryLine({ label: 'GSTIN', message: 'GSTIN must be 15 characters' })).toBe('GSTIN: GSTIN must be 15 characters');
    expect(cleanLabel('Plant *')).toBe('Plant');
    expect(cleanLabel('Drop-off 1')).toBe('Drop-off 1');
    expect(humanise('carrierLinkIds')).toBe('Carrier link ids');
    expect(humanise('dropoffs.0.stopId')).toBe('Dropoffs 1 stop id');
  });

  it('leaves out of the summary a server refusal shown at its field, keeping the ones with no field', () => {
    // The plant form after a duplicate code: the server's message sits on `code`; another server
    // error names a field the page does not show; a schema error stays as it was.
    const refused = {
      code: { type: 'server', message: 'Another plant already uses this code.' },
      stops: [{ type: 'server', message: 'Unknown location' }],
      gstin: { type: 'custom', message: 'GSTIN check character does not match' },
    };
    const server = serverErrorPaths(refused);
    expect([...server].sort()).toEqual(['code', 'stops.0']);
    const items = summarise(flattenErrors(refused), [
      { path: 'code', label: 'Plant code' },
      { path: 'gstin', label: 'GSTIN' },
    ]);
    expect(items.map((i) => i.path)).toEqual(['code', 'gstin', 'stops.0']);
    expect(withoutServerErrorsAtFields(items, server).map((i) => `${i.label}: ${i.message}`)).toEqual([
      'GSTIN: GSTIN check character does not match',
      'Stops 1: Unknown location',
    ]);
  });
});
