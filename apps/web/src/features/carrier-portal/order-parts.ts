import { lazyPart } from '../../lib/lazy-part.tsx';
import { NARROW_QUERY } from '../../components/layout/use-narrow.ts';

// The parts of My orders drawn after a tap: their code (forms, vehicle and device pickers, the
// tracking and documents of the details) stays out of the list's first download (record 0310).
export const AssignVehicleDialog = lazyPart(() => import('./order-dialogs.tsx').then((m) => m.AssignVehicleDialog));
export const RejectOrderDialog = lazyPart(() => import('./order-dialogs.tsx').then((m) => m.RejectOrderDialog));
export const MoveDialog = lazyPart(() => import('./order-dialogs.tsx').then((m) => m.MoveDialog));
export const VehicleChangeDialog = lazyPart(() => import('./vehicle-change-dialog.tsx').then((m) => m.VehicleChangeDialog));
export const DeliverDialog = lazyPart(() => import('./deliver-dialog.tsx').then((m) => m.DeliverDialog));
export const OrderPanel = lazyPart(() => import('./order-panel.tsx').then((m) => m.OrderPanel));
/**
 * The table of 768 px and wider (its Mantine Table brings the floating code): a phone never fetches
 * it; a wider screen asks for it as the page's code is evaluated, beside the page's data (record 0322).
 */
export const OrdersTable = lazyPart(() => import('./orders-table.tsx').then((m) => m.OrdersTable));
if (typeof window !== 'undefined' && !window.matchMedia?.(NARROW_QUERY).matches) {
  void OrdersTable.preload().catch(() => undefined);
}
/**
 * The moves kept on the phone, drawn only while there are some: its words (i18next, for the
 * field screens in Hindi) stay out of My orders' first download. It is mounted while a move waits,
 * so it is there when the move lands and says so.
 */
export const KeptMoves = lazyPart(() => import('../../domain/outbox/kept-moves.tsx').then((m) => m.KeptMoves));

/** Every part, for `usePreloadParts` once the list has drawn. */
export const ORDER_PARTS = [AssignVehicleDialog, RejectOrderDialog, MoveDialog, VehicleChangeDialog, DeliverDialog, OrderPanel] as const;
