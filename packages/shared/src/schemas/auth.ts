import { z } from 'zod';
import type { UserType } from '../user-types.ts';
import { MIN_PASSWORD_LENGTH } from '../constants.ts';
import { permissionSchema } from '../permissions.ts';
import { mobileSchema } from '../validation/india.ts';
import { requiredText } from './common.ts';

/** A user's type of product.md section 1. */
export const userTypeSchema: z.ZodType<UserType> = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const loginBodySchema = z.object({
  login: requiredText('Email or mobile', 254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Everything the spec's session state holds (section 3), as the login answers it. */
export const sessionUserSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  userName: z.string(),
  profilePicture: z.string().nullable(),
  permissions: z.array(permissionSchema),
  userType: userTypeSchema,
  userId: z.number().int(),
  userTypeId: z.number().int(),
  email: z.string(),
  mobile: z.string().nullable(),
  industry: z.string().nullable(),
  userTypeName: z.string(),
  hideMaterialFromTransporterRequest: z.boolean(),
  hideMaterialFromTransporterRfp: z.boolean(),
  canAddRequest: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters')
  .refine((v) => /[A-Za-z]/.test(v) && /[0-9]/.test(v), 'Password must contain letters and digits');

export const forgotPasswordBodySchema = z.object({ email: z.email('Enter a valid email address').max(254) });

export const resetPasswordBodySchema = z
  .object({
    token: z.string().min(10, 'The reset link is invalid').max(200),
    password: passwordSchema,
    passwordConfirmation: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'Passwords do not match',
  });

export const changePasswordBodySchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    password: passwordSchema,
    passwordConfirmation: z.string(),
  })
  .refine((v) => v.password === v.passwordConfirmation, {
    path: ['passwordConfirmation'],
    message: 'Passwords do not match',
  });

export const profileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  profilePicture: z.string().nullable(),
  userType: userTypeSchema,
  userTypeName: z.string(),
  industry: z.string().nullable(),
  role: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileBodySchema = z.object({
  name: requiredText('Name', 120),
  mobile: z.union([mobileSchema, z.literal('').transform(() => null), z.null()]).optional(),
  /** A data URL (PNG, JPEG or WebP, at most 512 KB) or null to remove the picture. */
  profilePicture: z
    .string()
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, 'Picture must be a PNG, JPEG or WebP image')
    .max(700_000, 'Picture must be at most 512 KB')
    .nullable()
    .optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const loginHeaderDetailsSchema = z.object({
  industry: z.string().nullable(),
  name: z.string(),
  role: z.string().nullable(),
});

export const currentPlanItemSchema = z.object({
  planId: z.number().int(),
  planName: z.string(),
  noOfMembers: z.number().int(),
  noOfPlants: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
});

export const saveTokenBodySchema = z.object({ token: z.string().trim().min(1, 'token is required').max(4096) });
