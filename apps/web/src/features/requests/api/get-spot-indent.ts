import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpotIndentPrefill } from '@freightdesk/shared/schemas/indent';
import { api } from '../../../lib/api.ts';

/** `GET /api/indents/:id/spot` [list-indent | detail-indent]: a spot indent's vehicles as a request form's values. */
export const getSpotIndent = (id: number | undefined) => api.get<{ data: SpotIndentPrefill }>(`/indents/${id}/spot`).then((r) => r.data);

export const spotIndentQueryOptions = (id: number | undefined) =>
  queryOptions({
    // Not under `indents`: an indent's notification must not refetch (and refill) the form being typed in.
    queryKey: ['spot-indent', id],
    queryFn: () => getSpotIndent(id),
    enabled: id !== undefined,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSpotIndentPrefill = (id: number | undefined) => useQuery(spotIndentQueryOptions(id));
