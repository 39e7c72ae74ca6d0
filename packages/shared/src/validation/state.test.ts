import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { matchState, stateFields, stateNameSchema, unknownStateMessage } from './state.ts';

const known = [
  { name: 'Maharashtra', code: 'MH' },
  { name: 'Madhya Pradesh', code: 'MP' },
  { name: 'Gujarat', code: 'GJ' },
  { name: 'Jammu and Kashmir', code: 'JK' },
  { name: 'Goa', code: 'GA' },
];

describe('matchState', () => {
  it('finds a state by its name in any case and spacing, or by its code', () => {
    expect(matchState(known, 'maharashtra')).toEqual({ name: 'Maharashtra' });
    expect(matchState(known, '  MADHYA   pradesh ')).toEqual({ name: 'Madhya Pradesh' });
    expect(matchState(known, 'gj')).toEqual({ name: 'Gujarat' });
    expect(matchState(known, 'Jammu & Kashmir')).toEqual({ name: 'Jammu and Kashmir' });
  });
  it('suggests the nearest state for a typo and nothing for a stranger', () => {
    expect(matchState(known, 'Maharashtrr')).toEqual({ suggestion: 'Maharashtra' });
    expect(matchState(known, 'Gujrat')).toEqual({ suggestion: 'Gujarat' });
    expect(matchState(known, 'Narnia')).toEqual({});
    expect(matchState(known, 'Gao')).toEqual({});
  });
  it('says what is wrong and what was meant', () => {
    expect(unknownStateMessage('Maharashtrr', 'Maharashtra')).toBe('"Maharashtrr" is not a state we know. Did you mean Maharashtra?');
    expect(unknownStateMessage('Narnia')).toBe('"Narnia" is not a state we know. Choose one from the list.');
  });
  it('marks the field for the server check and refuses an empty state', () => {
    expect(stateFields.has(stateNameSchema)).toBe(true);
    expect(z.object({ state: stateNameSchema }).safeParse({ state: ' ' }).error?.issues[0]?.message).toBe('Choose a state');
  });
});
