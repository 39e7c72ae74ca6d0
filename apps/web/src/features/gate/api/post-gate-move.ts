import type { Order } from '@freightdesk/shared/schemas/order';
import { api } from '../../../lib/api.ts';
import type { Dir } from '../gate-helpers.ts';

/** The call of each gate move under `/api/orders/{dir}/:id/`. */
export type GateCall = 'gate-in' | 'loaded' | 'unloaded' | 'gate-out';

/**
 * `POST /api/orders/{dir}/:id/{gate-in|loaded|unloaded|gate-out}` [gate-in-out]: one gate move; 409
 * when another guard or tab moved the vehicle first. Offline moves go through lib/outbox.ts instead.
 */
export const postGateMove = (dir: Dir, orderId: number, call: GateCall, body: object) =>
  api.post<{ data: Order }>(`/orders/${dir}/${orderId}/${call}`, body);
