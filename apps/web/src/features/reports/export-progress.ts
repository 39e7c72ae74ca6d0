import type { ExportStatus, ExportView } from '@freightdesk/shared/schemas/report';
import { indianNumber } from '@freightdesk/shared/indian-number';

const rows = (n: number) => indianNumber(n);

/** Is the job still working (its progress worth asking for again)? */
export const isActive = (view: Pick<ExportView, 'status'>) => view.status === 'queued' || view.status === 'running';

export const EXPORT_STATUS_LABEL: Record<ExportStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Ready',
  failed: 'Failed',
};

export const EXPORT_STATUS_COLOR: Record<ExportStatus, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/**
 * "12,345 of 80,000 rows" while it runs ("12,345 rows" before the estimate is known); a finished
 * export counts what it wrote ("80,123 rows": the estimate was taken when the job started).
 */
export function progressText(view: Pick<ExportView, 'status' | 'rowsDone' | 'rowsTotal'>): string {
  const done = `${rows(view.rowsDone)} ${view.rowsDone === 1 ? 'row' : 'rows'}`;
  if (view.status === 'done' || view.rowsTotal === null) {
    return done;
  }
  return `${rows(view.rowsDone)} of ${rows(view.rowsTotal)} rows`;
}

/** The bar's value, 0–100. The total is an estimate: more rows than it never pass the end. */
export function progressPercent(view: Pick<ExportView, 'status' | 'rowsDone' | 'rowsTotal'>): number {
  if (view.status === 'done') {
    return 100;
  }
  if (!view.rowsTotal) {
    return 0;
  }
  // Tenths: the bar's aria-valuetext reads "12.3%", not sixteen digits.
  return Math.min(100, Math.max(0, Math.round((view.rowsDone / view.rowsTotal) * 1000) / 10));
}

const STAGE: Record<ExportStatus, number> = { queued: 0, running: 1, done: 2, failed: 2 };

/**
 * The further along of two copies of one export (the list's row and its polled progress): the
 * later stage, then the more rows. A list fetched before the poll must not move the bar back.
 */
export function furthest(a: ExportView, b: ExportView | undefined): ExportView {
  if (!b || b.id !== a.id) {
    return a;
  }
  if (STAGE[b.status] !== STAGE[a.status]) {
    return STAGE[b.status] > STAGE[a.status] ? b : a;
  }
  return b.rowsDone >= a.rowsDone ? b : a;
}

/** The list with this export put in its place, or at the top when it is new (newest first). */
export function withExport(list: readonly ExportView[] | undefined, view: ExportView): ExportView[] {
  const rest = list ?? [];
  if (rest.some((v) => v.id === view.id)) {
    return rest.map((v) => (v.id === view.id ? furthest(v, view) : v));
  }
  return [view, ...rest];
}
