import { describe, expect, it } from 'vitest';
import { gateActionsOf, gateStateOf } from './gate.ts';

describe('the gate board reads the status machine', () => {
  it('places each status at the gate', () => {
    expect(gateStateOf('vehicle_assigned')).toBe('expected');
    expect(gateStateOf('reported')).toBe('reported');
    expect(['gate_in', 'loaded', 'unloaded'].map((s) => gateStateOf(s as 'gate_in'))).toEqual(['inside', 'inside', 'inside']);
    expect(gateStateOf('gate_out')).toBe('left');
  });

  it('offers the next gate move of each direction: in, weighed (loaded / unloaded), out', () => {
    expect(gateActionsOf('reported', 1, 'offline')).toEqual(['gateIn']);
    expect(gateActionsOf('gate_in', 1, 'offline')).toEqual(['loaded']);
    expect(gateActionsOf('gate_in', 2, 'request')).toEqual(['unloaded']);
    expect(gateActionsOf('loaded', 1, 'indent')).toEqual(['gateOut']);
    expect(gateActionsOf('gate_out', 1, 'indent')).toEqual([]);
  });
});
