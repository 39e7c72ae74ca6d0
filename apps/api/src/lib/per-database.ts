/**
 * Something a module keeps for each database handle (or other owner), made on first use and let
 * go with its owner: prepared statements, a list's count memory, a signing key, a session cache,
 * a bid queue. Rule (docs/decisions/0193-api-test-files-share-their-worker-s-modules.md): a cache
 * in a module is keyed by the database it
 * describes, never held once per process, because one process may serve several databases (the
 * test files share their worker's modules; another app in the process has its own).
 */
export function perDatabase<Owner extends object, Kept>(make: (owner: Owner) => Kept) {
  const kept = new WeakMap<Owner, Kept>();
  return {
    /** The owner's, made now if it has none yet. */
    of(owner: Owner): Kept {
      let value = kept.get(owner);
      if (value === undefined) {
        value = make(owner);
        kept.set(owner, value);
      }
      return value;
    },
    /** The owner's if it has one, without making it. */
    peek(owner: Owner): Kept | undefined {
      return kept.get(owner);
    },
    /** Lets the owner's go (a failed attempt to make it, say), so the next `of` makes it again. */
    forget(owner: Owner): void {
      kept.delete(owner);
    },
  };
}
