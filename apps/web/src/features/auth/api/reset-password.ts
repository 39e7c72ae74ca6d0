import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordBodySchema } from '@freightdesk/shared/schemas/auth';
import { api } from '../../../lib/api.ts';

/** `GET /api/auth/reset-password/:token` (public): the email the link is for; an expired or used token is an error. */
export const checkResetToken = (token: string) => api.get<{ data: { email: string } }>(`/auth/reset-password/${encodeURIComponent(token)}`);

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['reset-token', token], queryFn: () => checkResetToken(token), retry: false });

export const useResetToken = (token: string) => useQuery(resetTokenQueryOptions(token));

/** `POST /api/auth/reset-password` (public): `{ token, password, passwordConfirmation }`; the message for the login page. */
export const resetPassword = (values: z.input<typeof resetPasswordBodySchema>) =>
  api.post<{ data: { message: string } }>('/auth/reset-password', values);
