import { MAX_DOCUMENT_BYTES } from '@freightdesk/shared/constants';
import { POD_FILE_TYPES, type Pod, podFieldsSchema } from '@freightdesk/shared/schemas/pod';
import { documentFileProblem, documentTypeFor, formatFileSize } from '@freightdesk/shared/schemas/document';
import type { Order } from '@freightdesk/shared/schemas/order';
import { type OrderAction, orderActions } from '@freightdesk/shared/status/order-actions';
import { indiaTimeToIso } from '../../components/form/date-time.ts';

/** The carrier's moves, as the buttons of an order name them. */
export const CARRIER_ACTION_LABEL: Partial<Record<OrderAction, string>> = {
  assign: 'Assign vehicle',
  changeVehicle: 'Change vehicle',
  report: 'Reported at plant',
  arrive: 'Arrived at destination',
  deliver: 'Delivered',
  reject: 'Reject',
};

export type CarrierAction = 'assign' | 'reject' | 'changeVehicle' | 'report' | 'arrive' | 'deliver';
const BUTTON_ORDER: CarrierAction[] = ['assign', 'report', 'arrive', 'deliver', 'changeVehicle', 'reject'];

/**
 * The carrier's next moves on an order, from the shared action table the API answers an order's
 * `actions` with (for the carrier only the status and the direction count, so the list needs no
 * second call per row). The forward move comes first: it is the button the dispatcher wants.
 */
export function carrierActions(order: Pick<Order, 'status' | 'requestType' | 'source'>): CarrierAction[] {
  const all = orderActions(order, { side: 'carrier' });
  return BUTTON_ORDER.filter((a) => all.includes(a));
}

/** What the dispatcher is told of a move kept on the device without network. */
export const keptText = (what: string, order: Pick<Order, 'number'>) =>
  `No network: ${what} for ${order.number} is kept on this device and sent when the network is back.`;

/** What the POD looks like to the carrier: waiting for the shipper, accepted, or sent back (deliver again). */
export type PodState = { label: string; color: string; note: string | null };

export function podState(pod: Pod | null): PodState | null {
  if (!pod) {
    return null;
  }
  if (pod.status === 'accepted') {
    return { label: 'POD accepted', color: 'green', note: pod.decidedByName ? `by ${pod.decidedByName}` : null };
  }
  if (pod.status === 'rejected') {
    return { label: 'POD sent back', color: 'red', note: pod.decisionReason };
  }
  return { label: 'POD submitted', color: 'blue', note: 'Waiting for the shipper to accept it' };
}

const POD_TYPES: readonly string[] = POD_FILE_TYPES;
export const POD_ACCEPT = POD_FILE_TYPES.join(',');

/** What is wrong with a POD file before it is sent (type by name, size), or null. The API checks the content too. */
export function podFileProblem(file: { name: string; size: number } | null): string | null {
  if (!file) {
    return 'Attach the proof of delivery: a photo or a PDF of the signed copy.';
  }
  const type = documentTypeFor(file.name);
  if (!type || !POD_TYPES.includes(type.contentType)) {
    return `${file.name}: a proof of delivery is a photo (JPEG, PNG or WebP) or a PDF, at most ${formatFileSize(MAX_DOCUMENT_BYTES)}.`;
  }
  return documentFileProblem(file);
}

/** The deliver form as typed: the picker's India time, numbers as typed (undefined when empty). */
export type DeliverValues = {
  receiverName: string;
  receiverMobile: string;
  deliveredAt: string | null;
  shortageQty?: number;
  damageQty?: number;
  remarks: string;
  file: File | null;
};

/** The form's values as the multipart fields the API reads (strings; '' = not given). */
export function podFields(v: DeliverValues, now = new Date(), untouchedDefault?: string | null): Record<string, string> {
  // "Now" left as offered means the moment of sending, not the minute the dialog opened.
  const at = v.deliveredAt && v.deliveredAt === untouchedDefault ? now.toISOString() : (indiaTimeToIso(v.deliveredAt) ?? '');
  return {
    receiverName: v.receiverName,
    receiverMobile: v.receiverMobile.trim(),
    deliveredAt: at,
    shortageQty: v.shortageQty === undefined ? '' : String(v.shortageQty),
    damageQty: v.damageQty === undefined ? '' : String(v.damageQty),
    remarks: v.remarks,
  };
}

/** The shared POD schema's verdict on the fields, as field → message (empty when fine), plus the file's. */
export function deliverProblems(v: DeliverValues, now = new Date(), untouchedDefault?: string | null): Record<string, string> {
  const problems: Record<string, string> = {};
  const parsed = podFieldsSchema.safeParse(podFields(v, now, untouchedDefault));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    problems[String(issue.path[0] ?? 'form')] ??= issue.message;
  }
  const file = podFileProblem(v.file);
  if (file) {
    problems.file = file;
  }
  return problems;
}
