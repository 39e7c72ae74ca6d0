import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

describe('contentDisposition', () => {
  it('keeps an ASCII name as it is, in both forms', () => {
    expect(contentDisposition('orders-2026-11-25.csv')).toBe(
      `attachment; filename="orders-2026-11-25.csv"; filename*=UTF-8''orders-2026-11-25.csv`,
    );
  });

  it('gives a UTF-8 name exactly and an ASCII fallback without quotes or backslashes', () => {
    const header = contentDisposition('बिल "A\\B" (v2).pdf');
    expect(header).toBe(
      `attachment; filename="___ _A_B_ (v2).pdf"; filename*=UTF-8''${encodeURIComponent('बिल "A\\B" ').replace(/'/g, '%27')}%28v2%29.pdf`,
    );
    const encoded = /filename\*=UTF-8''(.+)$/.exec(header)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe('बिल "A\\B" (v2).pdf');
  });
});
