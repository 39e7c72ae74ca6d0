import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportCatalogEntry, ReportPage, SummaryReportName } from '@freightdesk/shared/schemas/report';
import { api, type Query } from '../../../lib/api.ts';

/** Every summary report query starts with this. */
export const REPORTS_KEY = ['reports'] as const;

/** `GET /api/reports` [list-industry-report]: the summary reports the user may read, in the server's order. */
export const getReportCatalog = () => api.get<{ data: ReportCatalogEntry[] }>('/reports').then((r) => r.data);

export const reportCatalogQuery = () =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'catalog'],
    queryFn: getReportCatalog,
    staleTime: 5 * 60_000,
  });

/**
 * `GET /api/reports/:name` [list-industry-report]: one page of a report's rows with its totals. While the next page or
 * filter loads, the rows on screen stay (dimmed) — but only rows of the same report, whose columns fit.
 */
export const getReportPage = (name: SummaryReportName, query: Query) =>
  api.get<{ data: ReportPage }>(`/reports/${name}`, query).then((r) => r.data);

export const reportPageQuery = (name: SummaryReportName, query: Query) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'page', name, query],
    queryFn: () => getReportPage(name, query),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === name ? previous : undefined),
    retry: false,
  });

export const useReportCatalog = () => useQuery(reportCatalogQuery());

export const useReportPage = (name: SummaryReportName, query: Query) => useQuery(reportPageQuery(name, query));
