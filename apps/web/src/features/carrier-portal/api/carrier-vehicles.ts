import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CarrierVehicle } from '@freightdesk/shared/schemas/carrier-vehicles';
import { api } from '../../../lib/api.ts';
import { CARRIER_ORDERS_KEY } from './carrier-orders.ts';

/** `GET /api/carrier/vehicles` (carrier users): the carrier's own vehicles, searched, each with its last driver. */
export const getCarrierVehicles = (search: string) =>
  api.get<{ data: CarrierVehicle[]; more: boolean }>('/carrier/vehicles', search ? { search } : {});

export const useCarrierVehicles = (search: string) =>
  useQuery({
    // Under the orders' key: an assignment elsewhere refreshes what is offered.
    queryKey: [...CARRIER_ORDERS_KEY, 'vehicles', search],
    queryFn: () => getCarrierVehicles(search),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
