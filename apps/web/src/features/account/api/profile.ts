import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordBodySchema, Profile, updateProfileBodySchema } from '@freightdesk/shared/schemas/auth';
import { api } from '../../../lib/api.ts';

export const PROFILE_KEY = ['profile'];

/** `GET /api/profile` (any signed-in user): the user's own profile. */
export const getProfile = () => api.get<{ data: Profile }>('/profile').then((r) => r.data);

export const profileQueryOptions = () => queryOptions({ queryKey: PROFILE_KEY, queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());

/** `PUT /api/profile` (any signed-in user): name, mobile and picture; the saved profile. */
export const updateProfile = (values: z.input<typeof updateProfileBodySchema>) => api.put<{ data: Profile }>('/profile', values);

/** `POST /api/profile/change-password` (any signed-in user): other sessions are logged out. */
export const changePassword = (values: z.input<typeof changePasswordBodySchema>) => api.post('/profile/change-password', values);
