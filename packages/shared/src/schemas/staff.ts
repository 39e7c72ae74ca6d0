import { z } from 'zod';
import { mobileSchema } from '../validation/india.ts';
import { listQuerySchema, requiredText, statusSchema, idRef, idQuery, idList } from './common.ts';

/** Staff (user type 4). Empty plant / business-unit lists mean "all of them". */
export const staffInputSchema = z.object({
  name: requiredText('Name', 120),
  email: z
    .email('Enter a valid email address')
    .max(254)
    .transform((v) => v.toLowerCase()),
  mobile: mobileSchema,
  roleId: idRef('Choose a role'),
  plantIds: idList('Plants'),
  businessUnitIds: idList('Business units'),
});
export type StaffInput = z.input<typeof staffInputSchema>;
export type StaffInputParsed = z.infer<typeof staffInputSchema>;

export const staffSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  plantIds: z.array(z.number().int()),
  businessUnitIds: z.array(z.number().int()),
  status: statusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Staff = z.infer<typeof staffSchema>;

export const staffListQuerySchema = listQuerySchema.extend({
  status: statusSchema.optional(),
  roleId: idQuery.optional(),
});
export type StaffListQuery = z.infer<typeof staffListQuerySchema>;
