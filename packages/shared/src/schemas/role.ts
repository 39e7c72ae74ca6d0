import { z } from 'zod';
import { permissionSchema } from '../permissions.ts';
import { listQuerySchema, requiredText, statusSchema } from './common.ts';

export const roleInputSchema = z.object({
  name: requiredText('Role name', 80),
  permissions: z
    .array(permissionSchema, { error: 'Choose the permissions of this role' })
    .min(1, 'Choose at least one permission')
    .transform((list) => [...new Set(list)]),
});
export type RoleInput = z.input<typeof roleInputSchema>;
export type RoleInputParsed = z.infer<typeof roleInputSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(permissionSchema),
  status: statusSchema,
  staffCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleListQuerySchema = listQuerySchema.extend({ status: statusSchema.optional() });
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;
