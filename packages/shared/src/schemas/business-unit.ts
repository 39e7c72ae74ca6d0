import { z } from 'zod';
import { listQuerySchema, requiredText, statusSchema } from './common.ts';

export const businessUnitInputSchema = z.object({
  name: requiredText('Business unit name', 120),
  code: requiredText('Code', 30).transform((v) => v.toUpperCase()),
});
export type BusinessUnitInput = z.input<typeof businessUnitInputSchema>;
export type BusinessUnitInputParsed = z.infer<typeof businessUnitInputSchema>;

export const businessUnitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  status: statusSchema,
  plantCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BusinessUnit = z.infer<typeof businessUnitSchema>;

export const businessUnitListQuerySchema = listQuerySchema.extend({ status: statusSchema.optional() });
export type BusinessUnitListQuery = z.infer<typeof businessUnitListQuerySchema>;
