import { z } from 'zod';
import { gstinSchema, latitudeSchema, longitudeSchema, mobileSchema, pinSchema } from '../validation/india.ts';
import { stateNameSchema } from '../validation/state.ts';
import { listQuerySchema, optionalText, requiredText, statusSchema, idRef } from './common.ts';

/** Clients (consignees) and vendors (suppliers) share one shape. */
export const PARTY_KINDS = ['client', 'vendor'] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];

const optional = <T extends z.ZodType>(schema: T) => z.union([schema, z.literal('').transform(() => undefined)]).optional();

export const partyAddressSchema = z.object({
  id: idRef().optional(),
  label: requiredText('Address name', 80),
  address: requiredText('Address', 300),
  city: requiredText('City', 80),
  state: stateNameSchema,
  pincode: pinSchema,
  latitude: latitudeSchema,
  longitude: longitudeSchema,
});
export type PartyAddress = z.infer<typeof partyAddressSchema>;

export const partyContactSchema = z.object({
  id: idRef().optional(),
  name: requiredText('Contact name', 120),
  designation: optionalText(80),
  mobile: optional(mobileSchema),
  email: optional(z.email('Enter a valid email address').max(254)),
});
export type PartyContact = z.infer<typeof partyContactSchema>;

export const partyInputSchema = z.object({
  company: requiredText('Company name', 160),
  gstin: optional(gstinSchema),
  contactName: requiredText('Contact person', 120),
  mobile: mobileSchema,
  email: optional(z.email('Enter a valid email address').max(254)),
  addresses: z.array(partyAddressSchema, { error: 'Add at least one address' }).min(1, 'Add at least one address').max(50),
  contacts: z.array(partyContactSchema).max(50).default([]),
});
export type PartyInput = z.input<typeof partyInputSchema>;
export type PartyInputParsed = z.infer<typeof partyInputSchema>;

export const partySchema = z.object({
  id: z.number().int(),
  company: z.string(),
  gstin: z.string().nullable(),
  contactName: z.string(),
  mobile: z.string(),
  email: z.string().nullable(),
  status: statusSchema,
  addresses: z.array(partyAddressSchema.extend({ id: z.number().int() })),
  contacts: z.array(
    partyContactSchema.extend({
      id: z.number().int(),
      designation: z.string().nullable(),
      mobile: z.string().nullable(),
      email: z.string().nullable(),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Party = z.infer<typeof partySchema>;

export const partyListQuerySchema = listQuerySchema.extend({ status: statusSchema.optional(), city: z.string().trim().max(80).optional() });
export type PartyListQuery = z.infer<typeof partyListQuerySchema>;

export const clientContactSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  company: z.string(),
  name: z.string(),
  designation: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
});
export type ClientContact = z.infer<typeof clientContactSchema>;
