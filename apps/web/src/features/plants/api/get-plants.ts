import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { Plant } from '@freightdesk/shared/schemas/plant';
import { api, type Query } from '../../../lib/api.ts';
import { plantKeys } from './plant-keys.ts';

/** `GET /api/plants` [list-plant]: page, pageSize, sort, search, status, businessUnitId. */
export const getPlants = (query: Query) => api.get<ListResponse<Plant>>('/plants', query);

export const plantsQueryOptions = (query: Query) =>
  queryOptions({
    queryKey: plantKeys.list(query),
    queryFn: () => getPlants(query),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const usePlants = (query: Query) => useQuery(plantsQueryOptions(query));
