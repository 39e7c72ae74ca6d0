import { describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part.tsx';

const Dialog = ({ name }: { name: string }) => <p>{name}</p>;

describe('a part fetched after the page (record 0310)', () => {
  it('fetches its code once, however often it is preloaded', async () => {
    const load = vi.fn(async () => Dialog);
    const part = lazyPart(load);
    await Promise.all([part.preload(), part.preload()]);
    await part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed fetch (offline before it was ever loaded)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(Dialog);
    const part = lazyPart<{ name: string }>(load);
    await expect(part.preload()).rejects.toThrow('Failed to fetch');
    await expect(part.preload()).resolves.toEqual({ default: Dialog });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
