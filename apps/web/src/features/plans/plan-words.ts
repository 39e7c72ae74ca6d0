import { plural } from '../../lib/format.ts';

type PlanLimits = { noOfMembers: number; noOfPlants: number };

/** What a plan allows, as its card says it: "30 days · 1 member · 1 plant". */
export const planCardText = (plan: PlanLimits & { durationDays: number }): string =>
  `${plural(plan.durationDays, 'day')} · ${plural(plan.noOfMembers, 'member')} · ${plural(plan.noOfPlants, 'plant')}`;

/** What the current plan allows: "Up to 5 members and 1 plant". */
export const planLimitsText = (plan: PlanLimits): string =>
  `Up to ${plural(plan.noOfMembers, 'member')} and ${plural(plan.noOfPlants, 'plant')}`;

type PaymentAmounts = { taxableRupees: number; cgstRupees: number; sgstRupees: number; igstRupees: number; amountRupees: number };

/** A plan payment's amounts as its instructions list them: the price, the GST parts (CGST + SGST or IGST), the total. */
export function paymentLines(p: PaymentAmounts): { label: string; rupees: number; strong?: boolean }[] {
  const gst =
    p.cgstRupees > 0 || p.sgstRupees > 0
      ? [
          { label: 'CGST 9%', rupees: p.cgstRupees },
          { label: 'SGST 9%', rupees: p.sgstRupees },
        ]
      : p.igstRupees > 0
        ? [{ label: 'IGST 18%', rupees: p.igstRupees }]
        : [];
  return [{ label: 'Plan price', rupees: p.taxableRupees }, ...gst, { label: 'Total to pay', rupees: p.amountRupees, strong: true }];
}
