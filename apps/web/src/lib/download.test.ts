import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download.ts';

describe('fileNameOf', () => {
  it('prefers the exact UTF-8 name', () => {
    expect(fileNameOf(`attachment; filename="___.pdf"; filename*=UTF-8''%E0%A4%AC%E0%A4%BF%E0%A4%B2.pdf`)).toBe('बिल.pdf');
  });
  it('falls back to the ASCII name, and to nothing', () => {
    expect(fileNameOf('attachment; filename="orders.csv"')).toBe('orders.csv');
    expect(fileNameOf(`attachment; filename="x.csv"; filename*=UTF-8''%E0%A4`)).toBe('x.csv');
    expect(fileNameOf(null)).toBeUndefined();
  });
});
