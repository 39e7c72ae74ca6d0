import { ORDER_STATUS_LABEL, type OrderStatus } from '@freightdesk/shared/status/order';
import { type OrderRegisterParams, orderRegisterParamsSchema } from '@freightdesk/shared/schemas/report';
import type { DbOrTx } from '../../db/client.ts';
import type { AuthUser } from '../../lib/access.ts';
import type { ReportDef } from '../../lib/export-jobs.ts';
import { ordersFor } from '../../lib/policy.ts';
import { orderRegisterBatchQuery, orderRegisterEstimate } from '../../repositories/report-order-register.repository.ts';

type Row = {
  id: number;
  number: string;
  direction: number;
  status: string;
  source: string;
  plant: string;
  lane: string;
  carrier: string;
  vehicleType: string;
  vehicleNumber: string | null;
  driverName: string | null;
  pickupAt: string | null;
  gateInAt: string | null;
  gateOutAt: string | null;
  deliveredAt: string | null;
  rejectedAt: string | null;
  pricePaise: number;
  priceBasis: string;
  weightTonnes: number | null;
  invoiceNumber: string | null;
  billedPaise: number | string | null;
};

/**
 * The order register: every order the user may export (the policy's order export rule, and the
 * report permission), newest first, read in keyset batches by id.
 */
export const orderRegister: ReportDef<OrderRegisterParams, Row> = {
  name: 'order-register',
  label: 'Order register',
  params: orderRegisterParamsSchema,
  refused: "You need the 'list-industry-report' permission and the order list permission for this.",
  scope: (viewer: AuthUser, p) => (viewer.permissions.includes('list-industry-report') ? ordersFor(viewer, 'export', p.direction) : null),
  estimate: orderRegisterEstimate,
  async *batches(db: DbOrTx, scope, p, size) {
    let before: number | undefined;
    for (;;) {
      const rows: Row[] = await orderRegisterBatchQuery(db, scope, p, size, before);
      if (!rows.length) {
        return;
      }
      yield rows;
      before = rows.at(-1)?.id;
      if (rows.length < size) {
        return;
      }
    }
  },
  columns: [
    { key: 'number', label: 'Order' },
    { key: 'direction', label: 'Direction', format: (v) => (v === 2 ? 'Inbound' : 'Outbound') },
    { key: 'status', label: 'Status', format: (v) => ORDER_STATUS_LABEL[v as OrderStatus] ?? v },
    { key: 'source', label: 'Source' },
    { key: 'plant', label: 'Plant' },
    { key: 'lane', label: 'Lane' },
    { key: 'carrier', label: 'Carrier' },
    { key: 'vehicleType', label: 'Vehicle type' },
    { key: 'vehicleNumber', label: 'Vehicle' },
    { key: 'driverName', label: 'Driver' },
    { key: 'pickupAt', label: 'Pickup Date' },
    { key: 'gateInAt', label: 'Gate In Date' },
    { key: 'gateOutAt', label: 'Gate Out Date' },
    { key: 'deliveredAt', label: 'Delivered' },
    { key: 'rejectedAt', label: 'Rejected Date' },
    { key: 'pricePaise', label: 'Rate (₹)', format: (v) => Number(v) / 100 },
    { key: 'priceBasis', label: 'Per', format: (v) => (v === 'tonne' ? 'Tonne' : 'Trip') },
    { key: 'weightTonnes', label: 'Weight (t)' },
    { key: 'invoiceNumber', label: 'Invoice' },
    { key: 'billedPaise', label: 'Billed (₹)', format: (v) => (v === null || v === undefined ? null : Number(v) / 100) },
  ],
};
