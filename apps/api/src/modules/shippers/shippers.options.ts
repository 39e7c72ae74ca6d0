import { asc, eq } from 'drizzle-orm';
import { industries } from '../../db/schema/tenancy.ts';
import type { OptionsSpec } from '../../lib/options.ts';

/** Shipper companies for the platform admin's pickers (assigning a device). */
export const shipperOptions: OptionsSpec = {
  access: { userTypes: [1] },
  tag: 'shippers',
  table: industries,
  columns: { id: industries.id, label: industries.name, name: industries.name, gstin: industries.gstin },
  label: industries.name,
  scope: () => undefined,
  offered: eq(industries.status, 'active'),
  search: [industries.name, industries.gstin],
  order: [asc(industries.name), asc(industries.id)],
};
