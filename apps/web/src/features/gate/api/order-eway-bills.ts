import { useQuery } from '@tanstack/react-query';
import { ewayBillsQuery } from '../../../domain/eway-bills/api/eway-bill-calls.ts';
import type { Dir } from '../gate-helpers.ts';

/** The order's e-way bills through the order page's own query (`GET /api/orders/{dir}/:id/eway-bills`), same key. */
export const useOrderEwayBills = (dir: Dir, orderId: number) => useQuery(ewayBillsQuery(dir, orderId));
