import { Alert } from '@mantine/core';
import { type PlanUsage, usePlanUsage } from '../../lib/api/plan-usage.ts';

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

export function atPlanLimit(data: PlanUsage | undefined, kind: 'plants' | 'members'): boolean {
  return Boolean(data && (kind === 'plants' ? data.plants >= data.noOfPlants : data.members >= data.noOfMembers));
}
