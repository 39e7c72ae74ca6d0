import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentRecord } from '@freightdesk/shared/schemas/document';
import { api } from '../../../lib/api.ts';
import { type DocumentList, documentPath, uploadDocument } from '../documents.ts';

/** The cache key of one document list; uploads and deletes invalidate it. */
export const documentsKey = (listUrl: string) => ['documents', listUrl];

/** GET `${listUrl}` (e.g. `/orders/outbound/12/documents`): the documents of one order, request, RFQ or contract. */
export const getDocuments = (listUrl: string) => api.get<DocumentList>(listUrl);

/** The document list of `listUrl`. */
export function useDocuments(listUrl: string) {
  return useQuery({ queryKey: documentsKey(listUrl), queryFn: () => getDocuments(listUrl) });
}

/** Marks the document list of `listUrl` stale so it loads again. */
export function useRefreshDocuments(listUrl: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: documentsKey(listUrl) });
}

/** DELETE `${listUrl}/${id}`: removes one document; the caller toasts and refreshes. */
export function useDeleteDocument(
  listUrl: string,
  handlers: { onSuccess: (doc: DocumentRecord) => void; onError: (err: Error, doc: DocumentRecord) => void },
) {
  return useMutation({
    mutationFn: (doc: DocumentRecord) => api.delete(documentPath(listUrl, doc.id)),
    onSuccess: (_r, doc) => handlers.onSuccess(doc),
    onError: (err, doc) => handlers.onError(err, doc),
  });
}

/** POST `${uploadUrl}` (multipart, `kind` then `file`): uploads one document; the caller toasts and refreshes. */
export function useUploadDocument(
  uploadUrl: string,
  kind: string,
  handlers: { onSuccess: (doc: DocumentRecord) => void; onError: (err: Error, chosen: File) => void },
) {
  return useMutation({
    mutationFn: (chosen: File) => uploadDocument(uploadUrl, chosen, kind),
    onSuccess: (doc) => handlers.onSuccess(doc),
    onError: (err, chosen) => handlers.onError(err, chosen),
  });
}
