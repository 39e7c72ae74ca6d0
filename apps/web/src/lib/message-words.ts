import { matchTemplate, messageTemplates } from '@freightdesk/shared/message-templates';
import { useCallback } from 'react';
import english from '../locales/en-IN/messages.json';
import { addEnglish, useFieldText } from './i18n.ts';

/**
 * The refusals and warnings a guard meets at the gate (the shared schemas' and the server's, the
 * vehicle checks' reasons on the board's cards; issue 35) in the chosen language: each English
 * message of the `messages` catalogue is a template whose `{{name}}` parts are the values (a
 * vehicle number, a time); a message that matches one is said in the catalogue's words, any other
 * stays as the server or the schema wrote it (record 0320).
 */
addEnglish('messages', english);

const TEMPLATES = messageTemplates(english);

/** The catalogue key of an English message and its values, or undefined when none matches. */
export const messageKey = (message: string) => matchTemplate(TEMPLATES, message);

type Words = ReturnType<typeof useFieldText>['t'];

/**
 * A message in the catalogue's words, its values said too when they are messages of their own (a
 * document's name in "Fitness certificate expired on …", each reason of a list joined by "; ").
 */
export function sayMessage(t: Words, message: string): string {
  const known = messageKey(message);
  if (known) {
    const values = Object.fromEntries(Object.entries(known.values).map(([name, value]) => [name, sayMessage(t, value)]));
    return t(known.key, values);
  }
  return message.includes('; ')
    ? message
        .split('; ')
        .map((part) => sayMessage(t, part))
        .join('; ')
    : message;
}

/** Says a message in the chosen language (as it came when the catalogue has no such message). */
export function useMessageWords(): (message: string) => string {
  const { t } = useFieldText('messages');
  // The same function while the language stays: a form's resolver is made again only on a change.
  return useCallback((message: string) => sayMessage(t, message), [t]);
}
