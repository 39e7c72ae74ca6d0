import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

/** `GET /api/orders/{dir}/:id/documents/:documentId/download` [list-{dir}-order]: the POD file as a blob. */
export const getPodFile = (path: string) => apiFetch(path, {}).then((r) => r.blob());

/** A file does not change under its URL: fetched once for the page's life. */
export const podFileQueryOptions = (path: string) =>
  queryOptions({ queryKey: ['pod-file', path], queryFn: () => getPodFile(path), staleTime: Number.POSITIVE_INFINITY });

export const usePodFile = (path: string) => useQuery(podFileQueryOptions(path));
