import { plural } from '../../lib/format.ts';

type PlanLimits = { noOfMembers: number; noOfPlants: number };

/** What a plan allows, as its card says it: "30 days · 1 member · 1 plant". */
export const planCardText = (plan: PlanLimits & { durationDays: number }): string =>
  `${plural(plan.durationDays, 'day')} · ${plural(plan.noOfMembers, 'member')} · ${plural(plan.noOfPlants, 'plant')}`;

/** What the current plan allows: "Up to 5 members and 1 plant". */
export const planLimitsText = (plan: PlanLimits): string =>
  `Up to ${plural(plan.noOfMembers, 'member')} and ${plural(plan.noOfPlants, 'plant')}`;
