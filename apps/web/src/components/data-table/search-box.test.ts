import { describe, expect, it } from 'vitest';
import { searchBoxAfterUrlChange } from './search-box.ts';

describe('the search box when the URL search changes', () => {
  it('keeps what is typed when the change is the echo of its own earlier push', () => {
    // "Pu" pushed; the user has typed "Pune" by the time the URL says "Pu".
    expect(searchBoxAfterUrlChange('Pune', 'Pu', 'Pu')).toBe('Pune');
  });

  it('shows a change made elsewhere: back, a link, clear filters', () => {
    expect(searchBoxAfterUrlChange('Pune', 'Surat', 'Pune')).toBe('Surat');
    expect(searchBoxAfterUrlChange('Pune', '', 'Pune')).toBe('');
    expect(searchBoxAfterUrlChange('', 'Pu', undefined)).toBe('Pu');
  });

  it('keeps spaces being typed around the same search', () => {
    expect(searchBoxAfterUrlChange('pune ', 'pune', undefined)).toBe('pune ');
  });
});
