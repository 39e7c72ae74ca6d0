import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

type Usage = { noOfMembers: number; noOfPlants: number; members: number; plants: number };

/** Invalidate after adding, activating or deactivating plants or members. */
export const planUsageKey = ['plan-usage'] as const;

export function usePlanUsage() {
  return useQuery({ queryKey: planUsageKey, queryFn: () => api.get<{ data: Usage }>('/plan/usage').then((r) => r.data) });
}

/** Says before the form is filled in that the plan's limit is reached (the server refuses it too). */
export function PlanLimitNotice({ kind }: { kind: 'plants' | 'members' }) {
  const { data } = usePlanUsage();
  if (!data) {
    return null;
  }
  const used = kind === 'plants' ? data.plants : data.members;
  const limit = kind === 'plants' ? data.noOfPlants : data.noOfMembers;
  if (used < limit) {
    return null;
  }
  const what = kind === 'plants' ? 'active plants' : 'active members (you included)';
  const fix = kind === 'plants' ? 'deactivate a plant' : 'deactivate a member';
  return (
    <Alert color="yellow" title="Plan limit reached">
      Your plan allows {limit} {what} and all are in use. Upgrade the plan or {fix} to add another.
    </Alert>
  );
}

export function atPlanLimit(data: Usage | undefined, kind: 'plants' | 'members'): boolean {
  return Boolean(data && (kind === 'plants' ? data.plants >= data.noOfPlants : data.members >= data.noOfMembers));
}
