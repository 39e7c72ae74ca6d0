import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver that fetches its validation (a zod schema and its resolver) the first time the
 * form validates, or earlier when `preload` is called. It lets a page that must show at once (the
 * login page) leave zod out of the first bundle (issue 15); the form behaves the same once loaded.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): { resolver: Resolver<T>; preload: () => void } {
  let loading: Promise<Resolver<T>> | undefined;
  const preload = () => {
    loading ??= load().catch((err: unknown) => {
      // A failed fetch (network) is tried again on the next validation.
      loading = undefined;
      throw err;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await preload())(values, context, options),
    preload: () => void preload().catch(() => undefined),
  };
}
