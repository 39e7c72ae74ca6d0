import { MAX_DOCUMENT_BYTES } from '@freightdesk/shared/constants';
import { POD_FILE_TYPES, podFieldsSchema } from '@freightdesk/shared/schemas/pod';
import { documentFileProblem, documentTypeFor, formatFileSize } from '@freightdesk/shared/schemas/document';
import { indiaTimeToIso } from '../../components/form/date-time.ts';

// The Delivered form's rules (the POD file, the fields as the API reads them): apart from the
// order's moves (order-moves.ts), so the list, which draws the moves, does not load the schemas the
// form checks with (record 0310).

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
