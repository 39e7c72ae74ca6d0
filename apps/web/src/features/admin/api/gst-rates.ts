import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GstRate, GstRateInput } from '@freightdesk/shared/schemas/invoice';
import { api } from '../../../lib/api.ts';

export type { GstRate };

export const GST_RATES_KEY = ['admin', 'gst-rates'] as const;

/** `GET /api/admin/gst-rates` (admin): every notified rate, by scheme then date. */
export const getGstRates = () => api.get<{ data: GstRate[] }>('/admin/gst-rates').then((r) => r.data);

export const gstRatesQueryOptions = () => queryOptions({ queryKey: GST_RATES_KEY, queryFn: getGstRates });

export const useGstRates = () => useQuery(gstRatesQueryOptions());

/** `POST /api/admin/gst-rates`: a new notification is a new row; 409 when the scheme has a rate from that day. */
export const addGstRate = (input: GstRateInput) => api.post<{ data: GstRate }>('/admin/gst-rates', input).then((r) => r.data);
