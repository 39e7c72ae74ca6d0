import { SegmentedControl } from '@mantine/core';
import { chooseLanguage, LANGUAGE_NAMES, LANGUAGES, type Language, useFieldText } from '../../lib/i18n.ts';

/**
 * English or Hindi on a field screen (the driver's trip, the gate board), remembered on the device.
 * Each choice is written in its own language and marked so (WCAG 3.1.2).
 */
export function LanguageSwitch() {
  const { t, i18n } = useFieldText('common');
  const current = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en-IN';
  return (
    <SegmentedControl
      aria-label={`${t('language')} / Language`}
      size="md"
      value={current}
      onChange={(v) => void chooseLanguage(v as Language)}
      data={LANGUAGES.map((l) => ({ value: l, label: <span lang={l === 'hi-IN' ? 'hi' : 'en'}>{LANGUAGE_NAMES[l]}</span> }))}
    />
  );
}
