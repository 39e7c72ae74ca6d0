import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportName } from '@freightdesk/shared/schemas/report';
import { api } from '../../../lib/api.ts';

/** `GET /api/reports/:name/lanes` [list-industry-report]: the lanes the user's records of the report ran on, most used first. */
export const getReportLanes = (report: ReportName, search: string) =>
  api.get<{ data: string[] }>(`/reports/${report}/lanes`, search ? { search } : {}).then((r) => r.data);

export const reportLanesQueryOptions = (report: ReportName, search: string) =>
  queryOptions({
    queryKey: ['reports', 'lanes', report, search],
    queryFn: () => getReportLanes(report, search),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useReportLanes = (report: ReportName, search: string) => useQuery(reportLanesQueryOptions(report, search));
