import { z } from 'zod';
import { listQuerySchema, requiredText, idRef, idQuery } from './common.ts';

export const DEVICE_KINDS = ['gps', 'lock'] as const;
export const DEVICE_KIND_LABEL: Record<(typeof DEVICE_KINDS)[number], string> = { gps: 'GPS tracker', lock: 'E-lock' };
/** with admin → with shipper → (on an order) → sent back to admin → received by admin (with admin). */
export const DEVICE_STATES = ['with_admin', 'with_shipper', 'on_order', 'sent_back'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];
export const DEVICE_STATE_LABEL: Record<DeviceState, string> = {
  with_admin: 'With admin',
  with_shipper: 'With shipper',
  on_order: 'On an order',
  sent_back: 'Sent back to admin',
};

export const deviceInputSchema = z.object({
  serial: requiredText('Serial number', 60).transform((v) => v.toUpperCase()),
  kind: z.enum(DEVICE_KINDS, { error: 'Choose GPS tracker or e-lock' }),
  model: z.string().trim().max(80).optional(),
  simNumber: z
    .string()
    .trim()
    .regex(/^\d{10,13}$/, 'SIM number must be 10 to 13 digits')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type DeviceInputParsed = z.infer<typeof deviceInputSchema>;

export const deviceSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  kind: z.enum(DEVICE_KINDS),
  model: z.string().nullable(),
  simNumber: z.string().nullable(),
  state: z.enum(DEVICE_STATES),
  industryId: z.number().int().nullable(),
  industryName: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceListQuerySchema = listQuerySchema.extend({
  state: z.enum(DEVICE_STATES).optional(),
  kind: z.enum(DEVICE_KINDS).optional(),
  industryId: idQuery.optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

export const assignDeviceBodySchema = z.object({
  industryId: idRef('Choose a shipper'),
});
