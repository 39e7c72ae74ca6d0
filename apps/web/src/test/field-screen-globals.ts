import { vi } from 'vitest';

/**
 * What the field screens' language code touches outside a browser: `localStorage` (the language
 * remembered) backed by the map returned, and `document.documentElement.lang`.
 */
export function stubFieldScreenGlobals(): Map<string, string> {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
  vi.stubGlobal('document', { documentElement: { lang: 'en' } });
  return store;
}
