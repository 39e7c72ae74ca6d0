import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@freightdesk/shared/schemas/plan';
import { api } from '../../../lib/api.ts';

/** The plan in force: its name, limits and end. */
export type CurrentPlan = { planName: string; noOfMembers: number; noOfPlants: number; endsAt: string };

/** `GET /api/plans` [signed in]: the plans on offer. */
export const getPlans = () => api.get<{ data: Plan[] }>('/plans').then((r) => r.data);

export const plansQueryOptions = () => queryOptions({ queryKey: ['plans'], queryFn: getPlans });

export const usePlans = () => useQuery(plansQueryOptions());

/** `POST /api/plan/current-plan` [signed in]: the plan in force, null without one. */
export const getCurrentPlan = () => api.post<{ data: CurrentPlan[] }>('/plan/current-plan').then((r) => r.data[0] ?? null);

export const currentPlanQueryOptions = () => queryOptions({ queryKey: ['current-plan'], queryFn: getCurrentPlan });

export const useCurrentPlan = () => useQuery(currentPlanQueryOptions());

/** `GET /api/joining-fee` [signed in]: the one-time fee set by the platform (the admin's key, kept as it was). */
export const getJoiningFee = () => api.get<{ data: { amountRupees: number; note: string } }>('/joining-fee').then((r) => r.data);

export const joiningFeeQueryOptions = () => queryOptions({ queryKey: ['joining-fee'], queryFn: getJoiningFee });

export const useJoiningFee = () => useQuery(joiningFeeQueryOptions());
