/**
 * Words a logistics team reads: counts with their noun ("1 plant", "2 orders", "no orders") and
 * "a" or "an" before a word ("an open request"). Used by the web app and by the API's messages.
 */
import { indianNumber, isOne } from './indian-number.ts';

/**
 * A count with its noun: `plural(1, 'plant')` is "1 plant", `plural(2, 'order')` "2 orders",
 * `plural(0, 'order')` "no orders" (or `zero` when given, e.g. '0'). `many` spells an irregular
 * plural (`plural(3, 'person', 'people')`). Counts use Indian grouping (12,345).
 */
export function plural(n: number, one: string, many = `${one}s`, opts: { zero?: string } = {}): string {
  if (n === 0) {
    return `${opts.zero ?? 'no'} ${many}`;
  }
  return `${indianNumber(n)} ${isOne(n) ? one : many}`;
}

// Words that start with a vowel letter but a consonant sound ("a user", "a one-way trip"), and the reverse.
const CONSONANT_SOUND = /^(uni|use|usu|ute|one|once|eu)/i;
const VOWEL_SOUND = /^(hour|honest|honou?r|heir)/i;

/** "a" or "an" for the word that follows: `article('open')` is "an", `article('closed')` "a". */
export function article(word: string): 'a' | 'an' {
  const w = word.trim();
  if (VOWEL_SOUND.test(w)) {
    return 'an';
  }
  return /^[aeiou]/i.test(w) && !CONSONANT_SOUND.test(w) ? 'an' : 'a';
}

/** The phrase with its article: `withArticle('open request')` is "an open request"; `capital` starts it "An". */
export function withArticle(phrase: string, opts: { capital?: boolean } = {}): string {
  const a = article(phrase);
  return `${opts.capital ? (a === 'an' ? 'An' : 'A') : a} ${phrase}`;
}
