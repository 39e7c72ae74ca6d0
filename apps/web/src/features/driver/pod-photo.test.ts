import { describe, expect, it } from 'vitest';
import { fitWithin, jpegName, needsShrinking, readableSize, SMALL_IMAGE_BYTES } from './pod-photo.ts';

describe('POD photo size', () => {
  it('brings the long side to 1600 px and keeps the proportions', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4032, 1908)).toEqual({ width: 1600, height: 757 });
  });

  it('never enlarges a photo already small enough', () => {
    expect(fitWithin(1600, 900)).toEqual({ width: 1600, height: 900 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
  });

  it('keeps at least a pixel on a very thin image', () => {
    expect(fitWithin(10_000, 2)).toEqual({ width: 1600, height: 1 });
  });

  it('shrinks a large photo; a PDF or a small image goes as is', () => {
    expect(needsShrinking({ type: 'image/jpeg', size: 4_000_000 })).toBe(true);
    expect(needsShrinking({ type: 'image/png', size: SMALL_IMAGE_BYTES + 1 })).toBe(true);
    expect(needsShrinking({ type: 'image/jpeg', size: SMALL_IMAGE_BYTES })).toBe(false);
    expect(needsShrinking({ type: 'application/pdf', size: 9_000_000 })).toBe(false);
  });

  it('names the resized photo .jpg', () => {
    expect(jpegName('IMG_20261206_1032.heic')).toBe('IMG_20261206_1032.jpg');
    expect(jpegName('pod.png')).toBe('pod.jpg');
    expect(jpegName('', new Date('2026-12-06T10:32:05Z'))).toBe('pod-20261206103205.jpg');
  });

  it('says a size as a person reads it', () => {
    expect(readableSize(870_400)).toBe('850 KB');
    expect(readableSize(2_516_582)).toBe('2.4 MB');
    expect(readableSize(10)).toBe('1 KB');
  });
});
