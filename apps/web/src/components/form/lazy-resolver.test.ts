import type { Resolver, ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver.ts';

type Values = { login: string };
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;
const ok: Resolver<Values> = async (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('fetches the validation once, on the first validation, and answers with it', async () => {
    const load = vi.fn(async () => ok);
    const { resolver } = lazyResolver<Values>(load);
    expect(load).not.toHaveBeenCalled();
    await expect(resolver({ login: 'a' }, undefined, options)).resolves.toEqual({ values: { login: 'a' }, errors: {} });
    await resolver({ login: 'b' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts the fetch on preload, without waiting for a validation', () => {
    const load = vi.fn(async () => ok);
    lazyResolver<Values>(load).preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed fetch', async () => {
    const load = vi.fn<() => Promise<Resolver<Values>>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(ok);
    const { resolver, preload } = lazyResolver<Values>(load);
    preload();
    await expect(resolver({ login: 'a' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ login: 'a' }, undefined, options)).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
