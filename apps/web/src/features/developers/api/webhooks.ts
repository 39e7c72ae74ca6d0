import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListResponse } from '@freightdesk/shared/schemas/common';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointBody, WebhookSecret } from '@freightdesk/shared/schemas/webhook';
import { api } from '../../../lib/api.ts';

/**
 * The webhook calls of the Developers settings (issue 34): `/api/webhooks/…`, for the carrier
 * account and the shipper owner. Every mutation invalidates `webhookKeys.all`.
 */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  types: ['webhooks', 'event-types'] as const,
  deliveries: (id: number, page: number) => ['webhooks', 'deliveries', id, page] as const,
  secret: (id: number) => ['webhooks', 'secret', id] as const,
};

export type EventTypeInfo = { type: string; version: number; description: string };

/** `GET /api/webhooks/event-types` (public): the catalogue. */
export const useWebhookEventTypes = () =>
  useQuery({
    queryKey: webhookKeys.types,
    queryFn: () => api.get<{ data: EventTypeInfo[] }>('/webhooks/event-types').then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** `GET /api/webhooks/endpoints`: the company's endpoints. */
export const useWebhookEndpoints = () =>
  useQuery({
    queryKey: webhookKeys.endpoints,
    queryFn: () => api.get<{ data: WebhookEndpoint[] }>('/webhooks/endpoints').then((r) => r.data),
  });

/**
 * `GET /api/webhooks/endpoints/:id/secret`: the signing secret, read on purpose (the server records
 * each read), while `shown`; never kept in the cache after it is hidden.
 */
export const getWebhookSecret = (id: number) => api.get<{ data: WebhookSecret }>(`/webhooks/endpoints/${id}/secret`).then((r) => r.data);
export const useWebhookSecret = (id: number, shown: boolean) =>
  useQuery({ queryKey: webhookKeys.secret(id), queryFn: () => getWebhookSecret(id), enabled: shown, gcTime: 0, staleTime: 60_000 });

/** `GET /api/webhooks/endpoints/:id/deliveries`: a page of the delivery log, newest first. */
export const useWebhookDeliveries = (endpointId: number, page: number, pageSize = 25) =>
  useQuery({
    queryKey: webhookKeys.deliveries(endpointId, page),
    queryFn: () => api.get<ListResponse<WebhookDelivery>>(`/webhooks/endpoints/${endpointId}/deliveries`, { page, pageSize }),
    placeholderData: keepPreviousData,
  });

function useWebhookMutation<A>(call: (arg: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.all }) });
}

export const useSaveWebhookEndpoint = () =>
  useWebhookMutation(({ id, body }: { id?: number; body: WebhookEndpointBody }) =>
    id ? api.put(`/webhooks/endpoints/${id}`, body) : api.post('/webhooks/endpoints', body),
  );
export const useDeleteWebhookEndpoint = () => useWebhookMutation((id: number) => api.delete(`/webhooks/endpoints/${id}`));
export const useRotateWebhookSecret = () => useWebhookMutation((id: number) => api.post(`/webhooks/endpoints/${id}/rotate-secret`));
export const useSendWebhookTest = () => useWebhookMutation((id: number) => api.post(`/webhooks/endpoints/${id}/test`));
export const useReplayWebhookDelivery = () =>
  useWebhookMutation(({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) =>
    api.post(`/webhooks/endpoints/${endpointId}/deliveries/${deliveryId}/replay`),
  );
