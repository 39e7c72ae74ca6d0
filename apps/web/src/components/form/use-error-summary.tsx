import { Alert, Anchor, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type FieldValues, type UseFormReturn, useFormState } from 'react-hook-form';
import { cleanLabel, type FieldError, flattenErrors, type SummaryItem, summarise, summaryLine } from './error-summary.ts';

/** The label a field's element carries: its `<label>`, `data-label` or accessible name. */
function labelOf(el: HTMLElement): string {
  const labelled = el.getAttribute('aria-labelledby');
  const byId = labelled ? document.getElementById(labelled.split(' ')[0] ?? '')?.textContent : null;
  return cleanLabel(el.dataset.label ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? byId ?? '');
}

/** An invalid input whose shown error is this message: a field that carries no path of its own. */
function byMessage(root: HTMLElement, message: string): HTMLElement | undefined {
  return [...root.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].find((el) =>
    (el.getAttribute('aria-describedby') ?? '').split(' ').some((id) => document.getElementById(id)?.textContent === message),
  );
}

/** The fields of the form in page order: `data-path` (pickers, groups) or `name` (registered inputs). */
function placesIn(root: HTMLElement, errors: readonly FieldError[]) {
  const found = [...root.querySelectorAll<HTMLElement>('[data-path], [name]')]
    .filter((el) => !(el instanceof HTMLInputElement && el.type === 'hidden'))
    .map((el) => ({ path: el.dataset.path ?? el.getAttribute('name') ?? '', element: el }));
  for (const e of errors) {
    const element = found.some((f) => f.path === e.path) ? undefined : byMessage(root, e.message);
    if (element) {
      found.push({ path: e.path, element });
    }
  }
  found.sort((a, b) => (a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return found.map((f) => ({ path: f.path, label: labelOf(f.element), element: f.element }));
}

/** The error a field shows itself (Mantine's `…-error` element), e.g. "Enter a number" for text typed into a number field. */
function shownError(el: HTMLElement | undefined): string | undefined {
  const ids = (el?.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent?.trim()).find(Boolean);
}

function reveal(el: HTMLElement | null | undefined) {
  el?.scrollIntoView({ block: 'center' });
  el?.focus({ preventScroll: true });
}

/** The errors as one comparable string. */
const keyOf = (errors: readonly FieldError[]) =>
  errors
    .map((e) => `${e.path}=${e.message}`)
    .sort()
    .join('\n');

export type ErrorSummary = {
  formRef: React.RefObject<HTMLFormElement | null>;
  /** `handleSubmit(onValid, summary.onInvalid)`. */
  onInvalid: (errors: unknown) => void;
  /** After a save the server refused with field errors (now on their fields): the same as an invalid submit. */
  reveal: () => void;
  items: SummaryItem[];
  focus: (item: SummaryItem) => void;
};

/**
 * The form error summary every form uses: on an invalid submit it scrolls to and focuses the first
 * bad field in the page's order, and `FormErrorSummary` names every bad field with its message.
 * The list follows the errors as the user fixes them. Create the form with
 * `shouldFocusError: false`, or react-hook-form focuses a field of its own choosing afterwards.
 */
export function useErrorSummary<V extends FieldValues>(form: UseFormReturn<V>): ErrorSummary {
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [items, setItems] = useState<SummaryItem[]>([]);
  const elements = useRef(new Map<string, HTMLElement>());
  const revealed = useRef(0);
  // The errors of the submit being revealed: the form's state may still hold the previous ones for
  // a render, and revealing those would bring a field into view that is no longer wrong.
  const expected = useRef<string | null>(null);
  const { errors } = useFormState({ control: form.control });
  const flat = useRef<FieldError[]>([]);
  flat.current = attempt ? flattenErrors(errors) : [];
  const key = keyOf(flat.current);

  // After the render that shows the errors on their fields: find them in the page, list them in
  // page order, and bring the first into view once per submit.
  useEffect(() => {
    const root = formRef.current;
    if (!attempt || !root) {
      return;
    }
    const places = placesIn(root, flat.current);
    elements.current = new Map(places.map((p) => [p.path, p.element]));
    // The summary says what the field says: "12a" in a number field is "Enter a number" there, not
    // the schema's "is required" for the NaN the form holds.
    const next = summarise(flat.current, places).map((item) => {
      const shown = item.place === item.path ? shownError(elements.current.get(item.path)) : undefined;
      return shown ? { ...item, message: shown } : item;
    });
    setItems(next);
    // Reveal once the page shows this submit's errors (they may reach this hook a render later).
    if (revealed.current !== attempt && next.length && (expected.current === null || expected.current === key)) {
      revealed.current = attempt;
      const first = next[0];
      reveal(first?.place ? elements.current.get(first.place) : root.querySelector<HTMLElement>('[data-error-summary]'));
    }
  }, [attempt, key]);

  const onInvalid = useCallback((submitted: unknown) => {
    expected.current = keyOf(flattenErrors(submitted));
    setAttempt((a) => a + 1);
  }, []);
  const again = useCallback(() => {
    expected.current = null;
    setAttempt((a) => a + 1);
  }, []);
  const focus = useCallback((item: SummaryItem) => reveal(item.place ? elements.current.get(item.place) : undefined), []);
  return { formRef, onInvalid, reveal: again, items, focus };
}

/** The form-level alert: every bad field with its message, each a link to the field. */
export function FormErrorSummary({ summary }: { summary: ErrorSummary }) {
  const { items } = summary;
  if (!items.length) {
    return null;
  }
  const title = items.length === 1 ? 'Check this field' : `Check these ${items.length} fields`;
  return (
    <Alert color="red" role="alert" title={title} icon={<IconAlertCircle size={18} />} data-error-summary tabIndex={-1}>
      <List size="sm" spacing={2}>
        {items.map((item) => (
          <List.Item key={`${item.path}=${item.message}`}>
            {item.place ? (
              <Anchor component="button" type="button" size="sm" c="red.8" onClick={() => summary.focus(item)}>
                {summaryLine(item)}
              </Anchor>
            ) : (
              summaryLine(item)
            )}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
