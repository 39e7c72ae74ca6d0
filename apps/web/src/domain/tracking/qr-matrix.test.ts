import { describe, expect, it } from 'vitest';
import { qrPath } from './qr-matrix.ts';

/** The dark modules of a path, as "col,row". */
const darkOf = (d: string) => new Set([...d.matchAll(/M(\d+) (\d+)/g)].map((m) => `${m[1]},${m[2]}`));

describe('qrPath', () => {
  it('draws a QR code of a Traccar Client setup address: a size of 17 + 4 × version, the three finder patterns', () => {
    const { size, d } = qrPath('http://track.example.com:5055?id=0123456789ABCDEFGHJKMNPQRS&accuracy=high&interval=30&distance=100');
    expect((size - 17) % 4).toBe(0);
    expect(size).toBeGreaterThanOrEqual(33);
    const dark = darkOf(d);
    // Each finder: a 7 × 7 dark ring around a light ring around a dark 3 × 3 core.
    for (const [x, y] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ] as const) {
      for (let i = 0; i < 7; i++) {
        expect(dark.has(`${x + i},${y}`) && dark.has(`${x},${y + i}`) && dark.has(`${x + i},${y + 6}`)).toBe(true);
      }
      expect(dark.has(`${x + 1},${y + 1}`)).toBe(false);
      expect(dark.has(`${x + 3},${y + 3}`)).toBe(true);
    }
  });

  it('draws the same text the same way, and other text otherwise', () => {
    expect(qrPath('abc').d).toBe(qrPath('abc').d);
    expect(qrPath('abc').d).not.toBe(qrPath('abd').d);
  });
});
