import { queryOptions } from '@tanstack/react-query';
import type { EwayBill, EwayBillInput } from '@freightdesk/shared/schemas/eway-bill';
import { api } from '../../../lib/api.ts';

/**
 * An order's e-way bill calls, one copy for every screen that records a bill: the order page's
 * dialog and the gate out dialog (issue 38). The rules (a 12-digit number, the bill this shipper's,
 * not cancelled nor expired, validity as the e-way bill system says) are the server's.
 */
type Dir = 'outbound' | 'inbound';

/** What the e-way bill system answers for a number (`POST …/eway-bills/lookup`). */
export type FoundBill = Pick<
  EwayBill,
  'number' | 'generatedAt' | 'distanceKm' | 'validUntil' | 'valueRupees' | 'fromGstin' | 'toGstin' | 'vehicleNumber' | 'overDimensional'
>;

const billsPath = (dir: Dir, orderId: number) => `/orders/${dir}/${orderId}/eway-bills`;

/** Asks the e-way bill system (the GSP, or its simulator) for a bill by its number, for this order. */
export const lookupEwayBill = (dir: Dir, orderId: number, number: string) =>
  api.post<{ data: FoundBill }>(`${billsPath(dir, orderId)}/lookup`, { number }).then((r) => r.data);

/** Records a bill on the order (the server asks the system again; `manual` only when it is out of reach). */
export const addEwayBill = (dir: Dir, orderId: number, body: EwayBillInput) => api.post<{ data: EwayBill }>(billsPath(dir, orderId), body);

/**
 * `GET …/eway-bills`: the order's bills. Its key starts with `orders/`, so every refresh of the
 * order queries (useRefreshOrders, a gate move) reads them again.
 */
export const ewayBillsQuery = (dir: Dir, orderId: number) =>
  queryOptions({
    queryKey: [`${billsPath(dir, orderId).slice(1)}`],
    queryFn: () => api.get<{ data: EwayBill[] }>(billsPath(dir, orderId)).then((r) => r.data),
  });
