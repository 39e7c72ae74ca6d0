import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next, useTranslation } from 'react-i18next';
import enCommon from '../locales/en-IN/common.json';

/**
 * The languages of the field screens (the driver's trip page, the gate guard's board): Indian
 * English, and Hindi beside it. The rest of the app is in English.
 */
export const LANGUAGES = ['en-IN', 'hi-IN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The person's choice, kept on the device across sign-outs (not one of the spec's session keys). */
export const LANGUAGE_KEY = 'freightdesk.language';

/** Each language's own name, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'en-IN': 'English', 'hi-IN': 'हिन्दी' };

const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/** The language remembered on this device, else English. */
export function rememberedLanguage(): Language {
  try {
    const kept = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(kept) ? kept : 'en-IN';
  } catch {
    return 'en-IN';
  }
}

/**
 * The Hindi catalogues, each its own small chunk fetched when Hindi is first chosen
 * (`locales/hi-IN/<namespace>.json`). The English ones are bundled with their screens (`addEnglish`).
 */
const hindi = import.meta.glob<Record<string, unknown>>('../locales/hi-IN/*.json', { import: 'default' });
const catalogue = resourcesToBackend(async (language: string, namespace: string) => {
  const load = language === 'hi-IN' ? hindi[`../locales/hi-IN/${namespace}.json`] : undefined;
  return load ? load() : {};
});

/** Marks the page's language (WCAG 3.1.1), so a screen reader reads Hindi as Hindi. */
function markDocument(language: string): void {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language === 'hi-IN' ? 'hi' : 'en';
  }
}

function createI18n(): i18n {
  const instance = i18next.createInstance();
  instance.use(catalogue).use(initReactI18next);
  instance.on('languageChanged', markDocument);
  void instance.init({
    lng: rememberedLanguage(),
    fallbackLng: 'en-IN',
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    resources: { 'en-IN': { common: enCommon } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false, bindI18n: 'languageChanged loaded' },
  });
  return instance;
}

/** The one i18next instance of the app, made when a translated screen is first opened. */
export const fieldI18n: i18n = createI18n();

/** Switches the language and remembers it on this device. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // A private window without storage: the choice holds until the page closes.
  }
  await fieldI18n.changeLanguage(language);
}

/**
 * Adds a screen's English catalogue, bundled with the screen so its first paint is never a key;
 * the Hindi one is fetched when chosen. Call once at the screen module's top level.
 */
export function addEnglish(namespace: string, english: Record<string, unknown>): void {
  if (!fieldI18n.hasResourceBundle('en-IN', namespace)) {
    fieldI18n.addResourceBundle('en-IN', namespace, english);
  }
}

/** A screen's words in the chosen language (`t('key')`), re-rendered when the language changes. */
export const useFieldText = (namespace: string) => useTranslation(namespace, { i18n: fieldI18n });
