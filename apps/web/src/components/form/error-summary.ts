/** One error of a form: the field's path (`dropoffs.0`, `remarks`) and its message. */
export type FieldError = { path: string; message: string };
/** Where a field sits in the page, in page order: its path and the label the user reads. */
export type Place = { path: string; label: string };
/** One line of the form's error summary. */
export type SummaryItem = FieldError & { label: string; place: string | null };

const SKIP = new Set(['ref', 'message', 'type', 'types']);

/**
 * Every message in react-hook-form's nested errors, with its dotted path. A field array's own
 * error (`dropoffs.root`, or a message on the array itself) belongs to the array's path.
 */
export function flattenErrors(errors: unknown, prefix = ''): FieldError[] {
  if (!errors || typeof errors !== 'object') {
    return [];
  }
  const out: FieldError[] = [];
  const node = errors as Record<string, unknown>;
  if (typeof node.message === 'string' && node.message && prefix) {
    out.push({ path: prefix, message: node.message });
  }
  for (const [key, value] of Object.entries(node)) {
    if (SKIP.has(key)) {
      continue;
    }
    const path = key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key;
    out.push(...flattenErrors(value, path));
  }
  return out.filter((e, i) => out.findIndex((o) => o.path === e.path && o.message === e.message) === i);
}

/** `dropoffs.0.stopId` → `dropoffs.0` → `dropoffs`: where an error may be shown when its own field is not. */
function ancestors(path: string): string[] {
  const parts = path.split('.');
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('.'));
}

/** A readable name for a path no field shows (`carrierLinkIds` → "Carrier link ids"), the last resort. */
export function humanise(path: string): string {
  const words = path
    .split('.')
    .map((p) => (/^\d+$/.test(p) ? String(Number(p) + 1) : p.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The errors in the order their fields appear in the page (not the schema's), each named by the
 * label the user reads; an error is shown at its own field or, failing that, at its nearest
 * enclosing one (a drop-off's `stopId` at "Drop-off 1"). Errors with no place at all come last.
 */
export function summarise(errors: readonly FieldError[], places: readonly Place[]): SummaryItem[] {
  const index = new Map<string, number>();
  places.forEach((p, i) => {
    if (!index.has(p.path)) {
      index.set(p.path, i);
    }
  });
  const items = errors.map((e) => {
    const place = ancestors(e.path).find((a) => index.has(a)) ?? null;
    const at = place === null ? Number.POSITIVE_INFINITY : (index.get(place) ?? 0);
    return { item: { ...e, place, label: place === null ? humanise(e.path) : (places[at]?.label ?? humanise(e.path)) }, at };
  });
  return items.sort((a, b) => a.at - b.at).map((x) => x.item);
}

/** "Drop-off 1: choose a location": the label, then the message without its capital (unless an acronym). */
export function summaryLine(item: Pick<SummaryItem, 'label' | 'message'>): string {
  const m = item.message;
  const lowered = /^[A-Z][a-z]/.test(m) ? m.charAt(0).toLowerCase() + m.slice(1) : m;
  return `${item.label}: ${lowered}`;
}

/** A label as the page writes it, without the required-field asterisk. */
export function cleanLabel(text: string | null | undefined): string {
  return (text ?? '').replace(/\s*\*\s*$/, '').trim();
}

/** The paths of the errors the server put on the form's fields (`setError(…, { type: 'server' })`). */
export function serverErrorPaths(errors: unknown, prefix = ''): Set<string> {
  const out = new Set<string>();
  if (!errors || typeof errors !== 'object') {
    return out;
  }
  const node = errors as Record<string, unknown>;
  if (node.type === 'server' && typeof node.message === 'string' && prefix) {
    out.add(prefix);
  }
  for (const [key, value] of Object.entries(node)) {
    if (!SKIP.has(key)) {
      const path = key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key;
      for (const p of serverErrorPaths(value, path)) {
        out.add(p);
      }
    }
  }
  return out;
}

/**
 * The summary without the server's refusals that show at a field of the page (a duplicate code at
 * "Plant code"): each is said once, at its field; what has no field stays in the summary.
 */
export function withoutServerErrorsAtFields(items: readonly SummaryItem[], server: ReadonlySet<string>): SummaryItem[] {
  return items.filter((item) => item.place === null || !server.has(item.path));
}
