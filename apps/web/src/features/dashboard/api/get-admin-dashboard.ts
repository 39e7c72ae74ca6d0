import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '@freightdesk/shared/schemas/dashboard';
import { api } from '../../../lib/api.ts';

/** `GET /api/dashboard/admin` [the platform admin, user type 1]: shippers, plans ending, devices, mail. */
export const getAdminDashboard = () => api.get<{ data: AdminDashboard }>('/dashboard/admin').then((r) => r.data);

export const adminDashboardQueryOptions = queryOptions({ queryKey: ['dashboard', 'admin'], queryFn: getAdminDashboard });

export const useAdminDashboard = () => useQuery(adminDashboardQueryOptions);
