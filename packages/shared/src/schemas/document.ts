import { z } from 'zod';
import { DOCUMENT_FILE_TYPES, MAX_DOCUMENT_BYTES, MAX_ID } from '../constants.ts';

/** Kinds of a document on an order: lorry receipt, proof of delivery, invoice copy, e-way bill. */
export const ORDER_DOCUMENT_KINDS = ['lr', 'pod', 'invoice', 'eway_bill', 'other'] as const;
/** Kinds of a shipper's attachment on a transport request. */
export const REQUEST_DOCUMENT_KINDS = ['material', 'instructions', 'other'] as const;
/** Kinds of a document on a contract: the signed agreement, the service levels, anything else. */
export const CONTRACT_DOCUMENT_KINDS = ['agreement', 'sla', 'other'] as const;
/** Kinds of a carrier's supporting document on an invoice: POD, lorry receipt, weighbridge slip, anything else. */
export const INVOICE_DOCUMENT_KINDS = ['pod', 'lr', 'weighbridge', 'other'] as const;
export type OrderDocumentKind = (typeof ORDER_DOCUMENT_KINDS)[number];
export type RequestDocumentKind = (typeof REQUEST_DOCUMENT_KINDS)[number];
export type ContractDocumentKind = (typeof CONTRACT_DOCUMENT_KINDS)[number];
export type InvoiceDocumentKind = (typeof INVOICE_DOCUMENT_KINDS)[number];
export type DocumentKind = OrderDocumentKind | RequestDocumentKind | ContractDocumentKind | InvoiceDocumentKind;

export const DOCUMENT_KIND_LABEL: Record<DocumentKind, string> = {
  lr: 'Lorry receipt (LR)',
  pod: 'Proof of delivery (POD)',
  invoice: 'Invoice',
  eway_bill: 'E-way bill',
  material: 'Material details',
  instructions: 'Instructions',
  agreement: 'Signed agreement',
  sla: 'Service levels (SLA)',
  weighbridge: 'Weighbridge slip',
  other: 'Other',
};

const kindSchema = <T extends readonly [string, ...string[]]>(kinds: T) =>
  z.enum(kinds, { error: `Kind must be one of: ${kinds.join(', ')}` });
export const orderDocumentKindSchema = kindSchema(ORDER_DOCUMENT_KINDS);
export const requestDocumentKindSchema = kindSchema(REQUEST_DOCUMENT_KINDS);
export const contractDocumentKindSchema = kindSchema(CONTRACT_DOCUMENT_KINDS);
export const invoiceDocumentKindSchema = kindSchema(INVOICE_DOCUMENT_KINDS);

/** Which side of the deal uploaded a document: only that side may delete it. */
export type DocumentSide = 'shipper' | 'carrier';

/** A request attachment or order document as the API lists it (never the storage key). */
export const documentSchema = z.object({
  id: z.number().int(),
  ownerType: z.enum(['request', 'order', 'rfq', 'contract', 'invoice']),
  ownerId: z.number().int(),
  kind: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  side: z.enum(['shipper', 'carrier']),
  /** The uploader's name for the viewer's own side; the other company's name otherwise. */
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type DocumentRecord = z.infer<typeof documentSchema>;

export const documentParamsSchema = z.object({
  id: z.coerce.number().int().positive('id must be a positive whole number').max(MAX_ID, 'No such record'),
  docId: z.coerce.number().int().positive('docId must be a positive whole number').max(MAX_ID, 'No such record'),
});

export type DocumentFileType = (typeof DOCUMENT_FILE_TYPES)[number];

/** 'PDF, JPEG, PNG, WebP, XLSX, XLS, CSV or DOCX'. */
export const DOCUMENT_TYPES_TEXT = `${DOCUMENT_FILE_TYPES.slice(0, -1)
  .map((t) => t.label)
  .join(', ')} or ${DOCUMENT_FILE_TYPES[DOCUMENT_FILE_TYPES.length - 1]?.label}`;

/** The file input's `accept`: every allowed extension and content type. */
export const DOCUMENT_ACCEPT = DOCUMENT_FILE_TYPES.flatMap((t) => [...t.extensions.map((e) => `.${e}`), t.contentType]).join(',');

/** The lower-case extension of a file name ('' when it has none). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The allowed type a file name's extension names, if any. */
export function documentTypeFor(fileName: string): DocumentFileType | undefined {
  const ext = fileExtension(fileName);
  return DOCUMENT_FILE_TYPES.find((t) => (t.extensions as readonly string[]).includes(ext));
}

/** '820 bytes', '14.2 KB', '10 MB'; `up` rounds up, so a file over a limit never shows as the limit. */
export function formatFileSize(bytes: number, round: 'nearest' | 'up' = 'nearest'): string {
  if (bytes < 1024) {
    return `${bytes} bytes`;
  }
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  const tenths = round === 'up' ? Math.ceil(value * 10) : Math.round(value * 10);
  return `${tenths / 10} ${unit}`;
}

export const DOCUMENT_MESSAGES = {
  missing: 'Choose a file to upload.',
  empty: (name: string) => `${name} is empty.`,
  tooBig: (name: string, size?: number) =>
    `${name}${size === undefined ? '' : ` is ${formatFileSize(size, 'up')}; it`} is larger than the ${formatFileSize(MAX_DOCUMENT_BYTES)} limit.`,
  type: (name: string) => `${name}: only ${DOCUMENT_TYPES_TEXT} files can be uploaded.`,
  content: (name: string, label: string) => `${name} does not look like a ${label} file; it may be damaged or renamed.`,
} as const;

/**
 * What is wrong with a file before it is sent (name and size only; the API checks the content
 * too), or null. Browser and API give the same messages.
 */
export function documentFileProblem(file: { name: string; size: number }): string | null {
  if (!documentTypeFor(file.name)) {
    return DOCUMENT_MESSAGES.type(file.name);
  }
  if (file.size > MAX_DOCUMENT_BYTES) {
    return DOCUMENT_MESSAGES.tooBig(file.name, file.size);
  }
  if (file.size === 0) {
    return DOCUMENT_MESSAGES.empty(file.name);
  }
  return null;
}
