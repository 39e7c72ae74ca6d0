import { Input } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import { type ReactNode, type Ref, useCallback, useId, useState } from 'react';
import { AfterSettle } from '../../lib/lazy-part.tsx';

type OutlineProps = {
  label: string;
  miw: number;
  size?: 'sm' | 'md';
  /** The field's value as the person reads it ('' when empty: the placeholder shows). */
  value?: string;
  placeholder?: string;
  /** A select's list (an input that opens a list) or a picker (a button that opens a calendar). */
  kind: 'select' | 'picker';
  /** The person asked for the control: a tap, Enter, Space or ↓. */
  onAsk?: () => void;
};

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A select's or a picker's field as it looks closed, drawn until its floating code is here (record
 * 0322): the same label, size and value, read-only; a tap (or Enter, Space, ↓) asks for the control.
 */
export function FieldOutline({ label, miw, size = 'sm', value = '', placeholder, kind, onAsk }: OutlineProps) {
  const id = useId();
  const shared = {
    id,
    size,
    pointer: true,
    // A select shows its up-and-down chevron (as Mantine's Select); the date picker shows none.
    rightSection: kind === 'select' ? <IconSelector size={16} /> : undefined,
    rightSectionPointerEvents: 'none' as const,
    onClick: onAsk,
    'aria-haspopup': kind === 'select' ? ('listbox' as const) : ('dialog' as const),
  };
  return (
    <Input.Wrapper label={label} size={size} miw={miw} id={id}>
      {kind === 'select' ? (
        <Input
          {...shared}
          readOnly
          role="combobox"
          aria-expanded={false}
          value={value}
          placeholder={placeholder}
          onKeyDown={(e) => OPEN_KEYS.has(e.key) && onAsk?.()}
        />
      ) : (
        <Input {...shared} component="button" type="button">
          {value || <Input.Placeholder>{placeholder}</Input.Placeholder>}
        </Input>
      )}
    </Input.Wrapper>
  );
}

/**
 * A field whose control floats (a select's list, a date picker; record 0322): its outline until
 * the person taps it, then the control, open (`children(fallback, true)`); with `settle`, also once
 * the page has settled, closed (a value whose text only the control can tell, e.g. a master's id).
 */
export function DeferredField({
  settle = false,
  children,
  ...outline
}: Omit<OutlineProps, 'onAsk'> & { settle?: boolean; children: (fallback: ReactNode, opened: boolean) => ReactNode }) {
  const [asked, setAsked] = useState(false);
  const closed = <FieldOutline {...outline} onAsk={() => setAsked(true)} />;
  if (asked) {
    return children(<FieldOutline {...outline} />, true);
  }
  return settle ? <AfterSettle fallback={closed}>{children(closed, false)}</AfterSettle> : closed;
}

/**
 * A ref for the control that replaces an outline the person tapped: focused and clicked once, so
 * it opens as the tap asked (a select's list, a picker's calendar).
 */
export function useOpenAtMount<T extends HTMLElement>(opened: boolean): Ref<T> {
  return useCallback(
    (el: T | null) => {
      if (el && opened && !el.dataset.openedOnce) {
        el.dataset.openedOnce = '1';
        el.focus();
        el.click();
      }
    },
    [opened],
  );
}
