import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ExportRequest, ExportView } from '@freightdesk/shared/schemas/report';
import { ApiError, api } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { furthest, isActive, withExport } from '../export-progress.ts';

/**
 * Every export query starts with this: a 'report' notification (an export is ready) refetches
 * the list and the progress of each (notifications/live-presentation.ts).
 */
export const EXPORTS_KEY = ['exports'] as const;
/** How often a queued or running export's progress is asked for. */
export const EXPORT_POLL_MS = 1000;

/** `GET /api/exports` [list-industry-report]: the user's last 20 exports, newest first. */
export const getExports = () => api.get<{ data: ExportView[] }>('/exports').then((r) => r.data);

export const exportsQuery = () => queryOptions({ queryKey: EXPORTS_KEY, queryFn: getExports });

export const useExports = () => useQuery(exportsQuery());

/** `GET /api/exports/:id` [list-industry-report]: one export with its progress. */
export const getExport = (id: number) => api.get<{ data: ExportView }>(`/exports/${id}`).then((r) => r.data);

/** The export, asked again every second until it is done or failed. */
export const exportQuery = (id: number) =>
  queryOptions({
    queryKey: [...EXPORTS_KEY, id],
    queryFn: () => getExport(id),
    refetchInterval: (query) => {
      const { data, error } = query.state;
      // Gone or not the user's (a 4xx) will not change by asking again; a dropped connection may.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        return false;
      }
      return data && !isActive(data) ? false : EXPORT_POLL_MS;
    },
  });

/**
 * An export of the list with its live progress: polled while it works, and written back into the
 * list once it finishes, so the list row stops polling and shows the download.
 */
export function useExportProgress(row: ExportView): ExportView {
  const client = useQueryClient();
  const active = isActive(row);
  const { data } = useQuery({ ...exportQuery(row.id), enabled: active });
  useEffect(() => {
    if (active && data && !isActive(data)) {
      client.setQueryData<ExportView[]>(EXPORTS_KEY, (list) => list && withExport(list, data));
    }
  }, [client, active, data]);
  return active ? furthest(row, data) : row;
}

/** `POST /api/exports` [list-industry-report] (202): an export of a report, made by a durable job. */
export const startExport = (body: ExportRequest) => api.post<{ data: ExportView }>('/exports', body).then((r) => r.data);

/** The new export goes to the top of the list and starts polling. */
export function useStartExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startExport,
    onSuccess: (view) => {
      client.setQueryData<ExportView[]>(EXPORTS_KEY, (list) => withExport(list, view));
    },
  });
}

/** `GET /api/exports/:id/file` [list-industry-report]: a finished export's file, downloaded with the session's token (a bare link would carry none). */
export function downloadExport(view: ExportView): Promise<void> {
  return downloadFile(`/exports/${view.id}/file`, {}, view.fileName ?? `${view.report}.${view.format}`);
}
