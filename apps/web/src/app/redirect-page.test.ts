import { describe, expect, it } from 'vitest';
import { handOverTarget } from './redirect-page.tsx';

describe('the /redirect hand-over (issue 38)', () => {
  it('goes to the given page of this app, else the stored one, else the root', () => {
    expect(handOverTarget('?to=%2Forder-outbound%2Fview%2F12', null)).toBe('/order-outbound/view/12');
    expect(handOverTarget('', '/joining-fees')).toBe('/joining-fees');
    expect(handOverTarget('?to=/plan', '/joining-fees')).toBe('/plan');
    expect(handOverTarget('', null)).toBe('/');
  });
  it('never leaves the app', () => {
    for (const to of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/a/../../b', 'plan']) {
      expect(handOverTarget(`?to=${encodeURIComponent(to)}`, null), to).toBe('/');
    }
    expect(handOverTarget('?to=//evil.example', '/plan')).toBe('/plan');
  });
});
