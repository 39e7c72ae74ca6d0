import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';

/** The plan's limits and what is used of them (active members and plants). */
export type PlanUsage = { noOfMembers: number; noOfPlants: number; members: number; plants: number };

/** Invalidate after adding, activating or deactivating plants or members. */
export const planUsageKey = ['plan-usage'] as const;

/** `GET /api/plan/usage` [signed in shipper]: the plan's limits and their use. */
export const getPlanUsage = () => api.get<{ data: PlanUsage }>('/plan/usage').then((r) => r.data);

export const planUsageQueryOptions = () => queryOptions({ queryKey: planUsageKey, queryFn: getPlanUsage });

export const usePlanUsage = () => useQuery(planUsageQueryOptions());
