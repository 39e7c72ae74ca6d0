import type { LoginBody, SessionUser } from '@freightdesk/shared/schemas/auth';
import { api } from '../../../lib/api.ts';

/** `POST /api/auth/login` (public): the session user; 422 with field errors on bad credentials. */
export const login = (values: LoginBody) => api.post<{ data: SessionUser }>('/auth/login', values);
