import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFieldScreenGlobals } from '../test/field-screen-globals.ts';

const store = stubFieldScreenGlobals();

describe('field screens in English or Hindi', () => {
  beforeEach(() => {
    vi.resetModules();
    store.clear();
  });

  it('starts in English, and a screen bundles its English words', async () => {
    const { fieldI18n, addEnglish } = await import('./i18n.ts');
    addEnglish('test-screen', { hello: 'Gate in' });
    await fieldI18n.loadNamespaces('test-screen');
    expect(fieldI18n.language).toBe('en-IN');
    expect(fieldI18n.t('hello', { ns: 'test-screen' })).toBe('Gate in');
    expect(fieldI18n.t('language')).toBe('Language');
  });

  it('Hindi is fetched when chosen, remembered on the device and marked on the page', async () => {
    const { fieldI18n, chooseLanguage, LANGUAGE_KEY } = await import('./i18n.ts');
    await chooseLanguage('hi-IN');
    expect(fieldI18n.t('language')).toBe('भाषा');
    expect(store.get(LANGUAGE_KEY)).toBe('hi-IN');
    expect(document.documentElement.lang).toBe('hi');
  });

  it('opens in the remembered language; an unknown value is English', async () => {
    store.set('freightdesk.language', 'hi-IN');
    expect((await import('./i18n.ts')).rememberedLanguage()).toBe('hi-IN');
    store.set('freightdesk.language', '../../etc');
    expect((await import('./i18n.ts')).rememberedLanguage()).toBe('en-IN');
  });

  it('every Hindi catalogue has the keys of its English one', async () => {
    const en = import.meta.glob<Record<string, unknown>>('../locales/en-IN/*.json', { eager: true, import: 'default' });
    const hi = import.meta.glob<Record<string, unknown>>('../locales/hi-IN/*.json', { eager: true, import: 'default' });
    const keys = (o: Record<string, unknown>, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(Object.keys(en).length).toBeGreaterThan(0);
    for (const [path, english] of Object.entries(en)) {
      const hindi = hi[path.replace('/en-IN/', '/hi-IN/')];
      expect(hindi, `${path} has a Hindi catalogue`).toBeDefined();
      expect(keys(hindi ?? {}).sort(), path).toEqual(keys(english).sort());
    }
  });
});
