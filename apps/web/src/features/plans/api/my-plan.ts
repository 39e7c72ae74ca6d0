import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Payment } from '@freightdesk/shared/schemas/plan';
import { api } from '../../../lib/api.ts';
import type { CurrentPlan } from './plan-catalogue.ts';

/** The owner's plan, what is used of it, and its payments. */
export type MyPlan = { plan: CurrentPlan | null; usage: { members: number; plants: number }; payments: Payment[] };

export const MY_PLAN_KEY = ['my-plan'] as const;

/** `GET /api/my-plan` [account owner]: the plan in force, its use and the payments. */
export const getMyPlan = () => api.get<{ data: MyPlan }>('/my-plan').then((r) => r.data);

export const myPlanQueryOptions = (enabled = true) => queryOptions({ queryKey: MY_PLAN_KEY, queryFn: getMyPlan, enabled });

export const useMyPlan = (enabled = true) => useQuery(myPlanQueryOptions(enabled));

/** `POST /api/plan/subscribe` [account owner]: chooses a plan, answering the payment to make; the caller toasts. */
export const subscribeToPlan = (planId: number) => api.post<{ data: Payment }>('/plan/subscribe', { planId });

export function useChoosePlan(handlers: { onSuccess: () => void; onError: (err: Error) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: subscribeToPlan,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: MY_PLAN_KEY });
      handlers.onSuccess();
    },
    onError: handlers.onError,
  });
}

/** `POST /api/plan/payments/:id/cancel` [account owner]: withdraws a payment not yet confirmed. */
export const cancelMyPayment = (id: number) => api.post(`/plan/payments/${id}/cancel`);

export function useCancelMyPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelMyPayment,
    onSuccess: () => client.invalidateQueries({ queryKey: MY_PLAN_KEY }),
  });
}
