import {
  DOCUMENT_KIND_LABEL,
  type DocumentKind,
  type DocumentRecord,
  documentFileProblem,
  formatFileSize,
} from '@freightdesk/shared/schemas/document';
import { ApiError, apiFetch, apiUpload } from '../../lib/api.ts';
import { saveBlob } from '../../lib/download.ts';

export type DocumentList = { data: DocumentRecord[]; materialHidden?: boolean };

/** Why a chosen file cannot be uploaded (type, size, empty), naming the file; null when it can. */
export function checkDocumentFile(file: { name: string; size: number } | null): string | null {
  return file ? documentFileProblem(file) : null;
}

export const kindLabel = (kind: string) => DOCUMENT_KIND_LABEL[kind as DocumentKind] ?? kind;
export const kindOptions = (kinds: readonly DocumentKind[]) => kinds.map((k) => ({ value: k, label: DOCUMENT_KIND_LABEL[k] }));
export const sizeLabel = formatFileSize;

/** `/orders/outbound/12/documents` → its document's download and delete paths. */
export const downloadPath = (listUrl: string, id: number) => `${trimSlash(listUrl)}/${id}/download`;
export const documentPath = (listUrl: string, id: number) => `${trimSlash(listUrl)}/${id}`;
const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The upload's error for the file field: the server's `fields.file`, else its message. */
export function uploadErrorText(err: unknown, fileName: string): { file?: string; kind?: string } {
  if (err instanceof ApiError) {
    if (err.fields.file || err.fields.kind) {
      return { file: err.fields.file, kind: err.fields.kind };
    }
    return { file: err.status === 0 ? err.message : `${fileName}: ${err.message}` };
  }
  return { file: `${fileName} could not be uploaded. Please try again.` };
}

/** POSTs one file as multipart/form-data (`kind` first, then `file`), answering the stored document. */
export async function uploadDocument(uploadUrl: string, file: File, kind: string): Promise<DocumentRecord> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  const res = await apiUpload(uploadUrl, form);
  const json = (await res.json()) as { data: DocumentRecord };
  return json.data;
}

/** Downloads a document under its own (UTF-8) name. */
export async function downloadDocument(listUrl: string, doc: Pick<DocumentRecord, 'id' | 'fileName'>): Promise<void> {
  const res = await apiFetch(downloadPath(listUrl, doc.id), {}).catch((err: unknown) => {
    throw err instanceof ApiError && err.status !== 0
      ? new ApiError(err.status, 'DOWNLOAD', `${doc.fileName} could not be downloaded.`)
      : err;
  });
  saveBlob(await res.blob(), doc.fileName);
}
