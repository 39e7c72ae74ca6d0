import { INDENT_ANSWER_MINUTES, type IndentInput, type IndentLane } from '@freightdesk/shared/schemas/indent';
import { formatMinutes } from '../../lib/format.ts';

/** One indent line of the form: the API's input plus the lane as picked (its carriers are shown). */
export type IndentLineValues = Partial<IndentInput> & { lane: IndentLane | null; backupCarrierLinkIds: number[] };
export type IndentFormValues = { indents: IndentLineValues[] };

/** A line's fields the API can name in an error (`indents.2.reportingAt`, or `reportingAt` for a single indent). */
export const LINE_FIELDS = [
  'laneId',
  'vehicles',
  'reportingAt',
  'productId',
  'weightTonnes',
  'remarks',
  'answerMinutes',
  'primaryCarrierLinkId',
  'backupCarrierLinkIds',
  'externalRef',
] as const;

/** A new line: nothing picked, 1 vehicle, carriers answer within the product's 2 hours, the shares choose. */
export const emptyLine = (): IndentLineValues => ({
  lane: null,
  laneId: undefined,
  vehicles: 1,
  reportingAt: undefined,
  productId: null,
  weightTonnes: null,
  remarks: undefined,
  answerMinutes: INDENT_ANSWER_MINUTES.default,
  primaryCarrierLinkId: null,
  backupCarrierLinkIds: [],
  externalRef: undefined,
});

/**
 * What a line takes from its lane (issue 38): the material and the weight are the lane's, so a
 * line never keeps another lane's figures; the primary starts again from the lane's shares.
 */
export const laneDefaults = (lane: IndentLane | null) => ({
  lane,
  laneId: lane?.id,
  primaryCarrierLinkId: null,
  productId: lane?.productId ?? null,
  weightTonnes: lane?.weightTonnes ?? null,
});

/** A line with a lane picked (or cleared): the lane and what follows from it, the rest as it was. */
export const withLane = (line: IndentLineValues, lane: IndentLane | null): IndentLineValues => ({ ...line, ...laneDefaults(lane) });

/**
 * The next line of a batch starts from the last one's lane, carriers, day, vehicles and answer
 * time (a batch is mostly the same lane or the same day), with the lane's own material and weight,
 * never a figure or ERP reference typed on the line before.
 */
export function copyLine(line: IndentLineValues | undefined): IndentLineValues {
  if (!line) {
    return emptyLine();
  }
  const { productId, weightTonnes } = laneDefaults(line.lane);
  // Never the ERP reference: it names one indent (unique per company).
  return { ...line, productId, weightTonnes, backupCarrierLinkIds: [...line.backupCarrierLinkIds], externalRef: undefined };
}

/** The choices of "Carrier must answer within", from 15 minutes to 24 hours. */
export const ANSWER_WITHIN = [15, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720, 1440].map((m) => ({
  value: String(m),
  label: m < 60 ? `${m} min` : m % 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m / 60} ${m === 60 ? 'hour' : 'hours'}`,
}));

/** "2 hours", "1 h 30 min": an answer time as the form offers it. */
export const answerWithinText = (minutes: number) =>
  ANSWER_WITHIN.find((o) => o.value === String(minutes))?.label ?? formatMinutes(minutes);

/** The body of `POST /api/indents`: each line without the picked lane object, empty figures as null. */
export function indentBody(values: IndentFormValues): { indents: IndentInput[] } {
  return {
    indents: values.indents.map(({ lane: _lane, ...line }) => ({
      ...line,
      laneId: line.laneId as number,
      vehicles: line.vehicles as number,
      reportingAt: line.reportingAt as IndentInput['reportingAt'],
      productId: line.productId ?? null,
      weightTonnes: line.weightTonnes ?? null,
      remarks: line.remarks?.trim() || undefined,
      externalRef: line.externalRef?.trim() || undefined,
      answerMinutes: line.answerMinutes ?? INDENT_ANSWER_MINUTES.default,
      primaryCarrierLinkId: line.primaryCarrierLinkId ?? null,
      backupCarrierLinkIds: line.backupCarrierLinkIds,
    })),
  };
}

const isLineField = (f: string | undefined): f is (typeof LINE_FIELDS)[number] => (LINE_FIELDS as readonly string[]).includes(f ?? '');

/**
 * Where the server's field errors go in a batch form. The API names a line's field
 * `indents.{n}.{field}` (schema checks, and its own checks in a batch) or just `{field}` (its
 * checks on a single indent); a list's item (`backupCarrierLinkIds.1`) belongs to the list's
 * field. Anything else, or a line that is not in the form, is told in the form's alert.
 */
export function placeBatchErrors(
  fields: Record<string, string>,
  lineCount: number,
): { placed: { path: string; message: string }[]; unplaced: string[] } {
  const placed: { path: string; message: string }[] = [];
  const unplaced: string[] = [];
  for (const [key, message] of Object.entries(fields)) {
    const parts = key.split('.');
    const prefixed = parts[0] === 'indents' && /^\d+$/.test(parts[1] ?? '');
    const line = prefixed ? Number(parts[1]) : lineCount === 1 ? 0 : -1;
    const field = prefixed ? parts[2] : parts[0];
    if (line >= 0 && line < lineCount && isLineField(field)) {
      if (!placed.some((p) => p.path === `indents.${line}.${field}`)) {
        placed.push({ path: `indents.${line}.${field}`, message });
      }
    } else {
      unplaced.push(prefixed && line < lineCount ? `Indent ${line + 1}: ${message}` : message);
    }
  }
  return { placed, unplaced };
}
