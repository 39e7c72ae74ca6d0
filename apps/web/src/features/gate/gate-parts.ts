import { lazyPart } from '../../lib/lazy-part.tsx';

// The guard's move dialogs, drawn after a tap: their code (forms and their checks, the time and
// weight fields, the e-way bill) stays out of the board's first download and is fetched once the
// board has drawn and the browser is idle, so a tap, and a tap offline, finds it ready (record 0310).
export const GateInDialog = lazyPart(() => import('./gate-in-dialog.tsx').then((m) => m.GateInDialog));
export const GateOutDialog = lazyPart(() => import('./gate-out-dialog.tsx').then((m) => m.GateOutDialog));
export const WeighDialog = lazyPart(() => import('./weigh-dialog.tsx').then((m) => m.WeighDialog));

/**
 * The vehicles due on other days, drawn only while the guard searches (2 characters or more): its
 * list and pager stay out of the board's first download too (record 0322).
 */
export const OtherDays = lazyPart(() => import('./other-days.tsx').then((m) => m.OtherDays));

/** Every dialog and the other days' list, for `usePreloadParts` once the board has drawn. */
export const GATE_PARTS = [GateInDialog, GateOutDialog, WeighDialog, OtherDays] as const;
