import { describe, expect, it } from 'vitest';
import { gstOptions } from './company-query.ts';

describe('the GST kinds a carrier may invoice under (issue 33)', () => {
  it('offers forward charge only with a GSTIN on the profile', () => {
    expect(
      gstOptions(null)
        .filter((o) => !o.disabled)
        .map((o) => o.value),
    ).toEqual(['rcm']);
    expect(gstOptions(null).find((o) => o.value === 'fcm')?.label).toContain('needs your GSTIN');
    expect(gstOptions('27AABCV1234K1ZD').every((o) => !o.disabled)).toBe(true);
  });
  it('offers every kind while the profile loads (the API decides)', () => {
    expect(gstOptions(undefined).every((o) => !o.disabled)).toBe(true);
  });
});
