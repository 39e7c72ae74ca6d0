import { z } from 'zod';
import {
  geofenceRadiusSchema,
  gstinMismatch,
  gstinSchema,
  latitudeSchema,
  longitudeSchema,
  mobileSchema,
  pinSchema,
} from '../validation/india.ts';
import { stateNameSchema } from '../validation/state.ts';
import { listQuerySchema, optionalText, requiredText, statusSchema, idRef, idQuery } from './common.ts';

const optionalMobile = z.union([mobileSchema, z.literal('').transform(() => undefined)]).optional();

/** Body of add and edit plant. */
export const plantInputSchema = z
  .object({
    name: requiredText('Plant name', 120),
    code: requiredText('Plant code', 30),
    gstin: gstinSchema,
    businessUnitId: idRef().nullable().optional(),
    address: requiredText('Address', 300),
    city: requiredText('City', 80),
    state: stateNameSchema,
    country: requiredText('Country', 80).default('India'),
    pincode: pinSchema,
    latitude: latitudeSchema,
    longitude: longitudeSchema,
    geofenceRadius: geofenceRadiusSchema,
    contactName: optionalText(120),
    contactMobile: optionalMobile,
  })
  .superRefine((v, ctx) => {
    // A plant's GSTIN is its state's registration (issue 33).
    const mismatch = gstinMismatch(v.gstin, undefined, v.state);
    if (mismatch) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: mismatch });
    }
  });
export type PlantInput = z.input<typeof plantInputSchema>;
export type PlantInputParsed = z.infer<typeof plantInputSchema>;

export const plantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  gstin: z.string(),
  businessUnitId: z.number().int().nullable(),
  businessUnitName: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  pincode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  geofenceRadius: z.number().int(),
  contactName: z.string().nullable(),
  contactMobile: z.string().nullable(),
  status: statusSchema,
  slaText: z.string().nullable(),
  contractSlaText: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plant = z.infer<typeof plantSchema>;

export const PLANT_SORTS = ['name', 'code', 'city', 'state', 'status', 'createdAt'] as const;

export const plantListQuerySchema = listQuerySchema.extend({
  status: statusSchema.optional(),
  businessUnitId: idQuery.optional(),
});
export type PlantListQuery = z.infer<typeof plantListQuerySchema>;

export const slaBodySchema = z.object({ text: z.string().max(20_000, 'At most 20,000 characters') });

export const businessUnitOptionSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type BusinessUnitOption = z.infer<typeof businessUnitOptionSchema>;
