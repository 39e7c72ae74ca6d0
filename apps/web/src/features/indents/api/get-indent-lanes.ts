import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { IndentLane } from '@freightdesk/shared/schemas/indent';
import { api } from '../../../lib/api.ts';

/** `GET /api/indents/lanes` [add-indent]: the contracted lanes matching `search`, a page of `pageSize`. */
export const getIndentLanes = (search: string, pageSize: number) =>
  api.get<ListResponse<IndentLane>>('/indents/lanes', { search, pageSize });

export const indentLanesQueryOptions = (search: string, pageSize: number) =>
  queryOptions({
    // Not under `indents`: an indent's notification must not refetch a picker the user is typing in.
    queryKey: ['contract-lanes', 'indent', search],
    queryFn: () => getIndentLanes(search, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useIndentLanes = (search: string, pageSize: number) => useQuery(indentLanesQueryOptions(search, pageSize));
