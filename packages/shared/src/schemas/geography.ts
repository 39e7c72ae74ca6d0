import { z } from 'zod';
import { listQuerySchema, requiredText, statusSchema, idRef, idQuery } from './common.ts';

const meta = { id: z.number().int(), status: statusSchema, createdAt: z.string(), updatedAt: z.string() };

export const countryInputSchema = z.object({
  name: requiredText('Country name', 80),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Code must be the two-letter ISO code, like IN'),
});
export type CountryInputParsed = z.infer<typeof countryInputSchema>;
export const countrySchema = z.object({ ...meta, name: z.string(), code: z.string(), stateCount: z.number().int() });
export type Country = z.infer<typeof countrySchema>;

export const stateInputSchema = z.object({
  countryId: idRef('Choose a country'),
  name: requiredText('State name', 80),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,3}$/, 'Code must be 1 to 3 letters or digits, like MH'),
});
export type StateInputParsed = z.infer<typeof stateInputSchema>;
export const stateSchema = z.object({ ...meta, countryId: z.number().int(), countryName: z.string(), name: z.string(), code: z.string() });
export type State = z.infer<typeof stateSchema>;

export const cityInputSchema = z.object({
  stateId: idRef('Choose a state'),
  name: requiredText('City name', 80),
});
export type CityInputParsed = z.infer<typeof cityInputSchema>;
export const citySchema = z.object({ ...meta, stateId: z.number().int(), stateName: z.string(), name: z.string() });
export type City = z.infer<typeof citySchema>;

export const geoListQuerySchema = listQuerySchema.extend({
  status: statusSchema.optional(),
  countryId: idQuery.optional(),
  stateId: idQuery.optional(),
});
export type GeoListQuery = z.infer<typeof geoListQuerySchema>;
