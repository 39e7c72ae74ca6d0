import type { z } from 'zod';
import type { forgotPasswordBodySchema } from '@freightdesk/shared/schemas/auth';
import { api } from '../../../lib/api.ts';

/** `POST /api/auth/forgot-password` (public): mails a reset link; the message says so. */
export const forgotPassword = (values: z.infer<typeof forgotPasswordBodySchema>) =>
  api.post<{ data: { message: string } }>('/auth/forgot-password', values);
