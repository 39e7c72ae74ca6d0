import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { contractKeys } from './rfq-keys.ts';

type Callbacks = { onSuccess: () => void; onError: (err: Error) => void };

export type RateAmendment = { rateRupees: number | undefined; reason: string };

/** `POST /api/contracts/:id/lanes/:laneId/rate` [add-indent | edit-indent]: a lane's new rate, with the reason. */
export const amendContractRate = (contractId: number, laneId: number, body: RateAmendment) =>
  api.post(`/contracts/${contractId}/lanes/${laneId}/rate`, body);

/** `onSuccess` runs before the contracts are refreshed. */
export function useAmendContractRate(contractId: number, laneId: number, callbacks: Callbacks) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RateAmendment) => amendContractRate(contractId, laneId, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: contractKeys.all });
      callbacks.onSuccess();
    },
    onError: callbacks.onError,
  });
}

/** `POST /api/contracts/:id/terminate` [add-indent | edit-indent]: ends an active contract, with the reason. */
export const terminateContract = (contractId: number, reason: string) => api.post(`/contracts/${contractId}/terminate`, { reason });

/** `onSuccess` runs before the contracts are refreshed. */
export function useTerminateContract(contractId: number, callbacks: Callbacks) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => terminateContract(contractId, reason),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: contractKeys.all });
      callbacks.onSuccess();
    },
    onError: callbacks.onError,
  });
}
