import { describe, expect, it } from 'vitest';
import { nextSort, sortState } from './sort.ts';

describe('header sort', () => {
  it('reads the direction of a column from the sort string', () => {
    expect(sortState('name', 'name')).toBe('asc');
    expect(sortState('-name', 'name')).toBe('desc');
    expect(sortState('-code', 'name')).toBeUndefined();
    expect(sortState(undefined, 'name')).toBeUndefined();
  });
  it('sorts a new column ascending, then toggles between ascending and descending', () => {
    expect(nextSort(undefined, 'name')).toBe('name');
    expect(nextSort('-code', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
  });
});
