import { describe, expect, it } from 'vitest';
import { perDatabase } from './per-database.ts';

describe('perDatabase', () => {
  it('makes one value per owner, on first use, and makes it again once forgotten', () => {
    let made = 0;
    const kept = perDatabase((owner: { name: string }) => ({ owner: owner.name, n: ++made }));
    const [a, b] = [{ name: 'a' }, { name: 'b' }];
    expect(kept.peek(a)).toBeUndefined();
    expect(made).toBe(0);
    const first = kept.of(a);
    expect(first).toEqual({ owner: 'a', n: 1 });
    expect(kept.of(a)).toBe(first);
    expect(kept.peek(a)).toBe(first);
    expect(kept.of(b)).toEqual({ owner: 'b', n: 2 });
    kept.forget(a);
    expect(kept.peek(a)).toBeUndefined();
    expect(kept.of(a)).toEqual({ owner: 'a', n: 3 });
    expect(kept.of(b).n).toBe(2);
  });
});
