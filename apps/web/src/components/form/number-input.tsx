import { TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, type Ref, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { caretAfterFormat, formatMoneyText, type NumberTextOptions, numberToText, parseNumberText } from './number-text.ts';

/** `min`, `max` and `step` are left out on purpose: the range is the schema's, shown as its message. */
export type NumberInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'min' | 'max' | 'step'> &
  NumberTextOptions & {
    /** The form's number; NaN while the text typed is not a number. */
    value: number | null | undefined;
    /** The number typed: undefined when empty, NaN when the text is not a number (so a form refuses it). */
    onChange: (value: number | undefined) => void;
    /** Rupees: lakh grouping while typing (45,00,000), at most two decimals. */
    money?: boolean;
    inputRef?: Ref<HTMLInputElement>;
  };

const same = (a: number | null | undefined, b: number | null | undefined) =>
  (a ?? undefined) === (b ?? undefined) || (Number.isNaN(a) && Number.isNaN(b));

/**
 * The one number input: a text box that keeps exactly what was typed. It never clamps to a range,
 * rounds, truncates decimals or drops characters (Mantine's NumberInput does all of these on blur):
 * text that is not a number shows "Enter a number" and the form gets NaN, which its schema refuses;
 * a number out of range reaches the form as typed and its schema's message shows on the field.
 */
export function NumberTextInput({ value, onChange, money, decimals, negative, notANumber, error, inputRef, ...rest }: NumberInputProps) {
  const options = {
    decimals: money ? (decimals ?? 2) : decimals,
    negative: money ? false : negative,
    notANumber: notANumber ?? (money ? 'Enter an amount in rupees, like 45,000 or 1,25,000.50' : undefined),
  };
  const [text, setText] = useState(() => numberToText(value, money));
  const parsed = parseNumberText(text, options);
  const caret = useRef<number | null>(null);
  const own = useRef<HTMLInputElement | null>(null);

  // A value set from outside (the form loaded, a map click) replaces the text; the value of the
  // text being typed does not (that would turn "1." back into "1" under the user's fingers).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an outside change of the value matters
  useEffect(() => {
    if (!same(parseNumberText(text, options).value, value)) {
      setText(numberToText(value, money));
    }
  }, [value]);

  useLayoutEffect(() => {
    if (caret.current !== null && own.current) {
      own.current.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  });

  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.currentTarget.value;
    const next = money ? formatMoneyText(raw) : raw;
    if (next !== raw) {
      caret.current = caretAfterFormat(raw, e.currentTarget.selectionStart ?? raw.length, next);
    }
    setText(next);
    onChange(parseNumberText(next, options).value);
  };

  return (
    <TextInput
      inputMode={options.decimals === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      leftSection={money ? '₹' : undefined}
      {...rest}
      ref={(node) => {
        own.current = node;
        if (typeof inputRef === 'function') {
          inputRef(node);
        } else if (inputRef) {
          (inputRef as { current: HTMLInputElement | null }).current = node;
        }
      }}
      value={text}
      onChange={change}
      error={parsed.error ?? error}
    />
  );
}
