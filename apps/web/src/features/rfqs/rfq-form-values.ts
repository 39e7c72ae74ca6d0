import type { RfqDetail, RfqInput, RfqLaneInput } from '@freightdesk/shared/schemas/rfq';
import { importedToRows } from './rfq-lane-import.ts';
import type { FormPlace } from './rfq-places.ts';

/** A lane row of the form: the API's lane with its ends as the form holds them. */
export type LaneRow = Omit<RfqLaneInput, 'origin' | 'destination'> & { origin?: FormPlace; destination?: FormPlace };
/** The RFQ form's values. */
export type RfqFormValues = Omit<RfqInput, 'lanes'> & { lanes: LaneRow[] };

/** A new lane row: nothing chosen, no optional figure. */
export const emptyLane = (): LaneRow =>
  ({ origin: undefined, destination: undefined, productId: null, weightTonnes: null, benchmarkRupees: null }) as unknown as LaneRow;

/** A new RFQ's contract period: the first of next month for a year (YYYY-MM-DD). */
export function defaultPeriod(today: string): { periodFrom: string; periodTo: string } {
  const [y = 2000, m = 1] = today.split('-').map(Number);
  const from = new Date(Date.UTC(y, m, 1));
  const to = new Date(Date.UTC(y + 1, m, 0));
  return { periodFrom: from.toISOString().slice(0, 10), periodTo: to.toISOString().slice(0, 10) };
}

/**
 * A draft RFQ loaded into the form for editing. `lanes` are its lanes as rows with each address end
 * found among client or vendor addresses (`rowsWithLabels`); without them every address is taken for a client's.
 */
export function rfqToForm(rfq: RfqDetail, lanes: LaneRow[] = importedToRows(rfq.laneList)): RfqFormValues {
  return {
    title: rfq.title,
    plantId: rfq.plantId,
    periodFrom: rfq.periodFrom,
    periodTo: rfq.periodTo,
    hideMaterial: rfq.hideMaterial,
    remarks: rfq.remarks ?? undefined,
    carrierLinkIds: rfq.invited.map((c) => c.carrierLinkId),
    // Groups were expanded into their carriers when the RFQ was saved: the carriers are what it invites.
    groupIds: [],
    lanes,
  };
}

const place = (p: FormPlace | undefined) => (p ? { kind: p.kind, id: p.id } : undefined);

/** The body of `POST /api/rfqs` (or PUT) from the form's rows: lane ends without the picker's `via`, empty figures as null. */
export function rfqBody(values: RfqFormValues): RfqInput {
  return {
    ...values,
    remarks: values.remarks?.trim() || undefined,
    lanes: values.lanes.map((l) => ({
      ...l,
      origin: place(l.origin),
      destination: place(l.destination),
      productId: l.productId ?? null,
      weightTonnes: l.weightTonnes ?? null,
      benchmarkRupees: l.benchmarkRupees ?? null,
    })) as RfqInput['lanes'],
  };
}
