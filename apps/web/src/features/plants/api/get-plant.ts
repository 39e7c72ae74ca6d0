import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plant } from '@freightdesk/shared/schemas/plant';
import { api } from '../../../lib/api.ts';
import { plantKeys } from './plant-keys.ts';

/** `GET /api/plants/:id` [list-plant]; another shipper's plant is a 404. */
export const getPlant = (id: number) => api.get<{ data: Plant }>(`/plants/${id}`).then((r) => r.data);

export const plantQueryOptions = (id: number) =>
  queryOptions({ queryKey: plantKeys.one(id), queryFn: () => getPlant(id), enabled: id > 0 });

export const usePlant = (id: number) => useQuery(plantQueryOptions(id));
