import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useParams } from 'react-router';
import type { SpotIndentPrefill } from '@freightdesk/shared/schemas/indent';
import type { RequestInput } from '@freightdesk/shared/schemas/request';
import type { useRequestSchedule } from './request-schedule.tsx';
import { useSpotIndentPrefill } from './api/get-spot-indent.ts';

/** The request form's values from a spot indent: where, what and how many; the bid window is left to the user. */
export function spotToInput(spot: SpotIndentPrefill, current: Partial<RequestInput>): RequestInput {
  return {
    ...current,
    requestType: spot.requestType,
    plantId: spot.plantId,
    pickupAddressId: spot.pickupAddressId,
    // An outbound request keeps one drop-off row to fill when the lane's end is not an address or location.
    dropoffs: spot.dropoffs.length || spot.requestType === 2 ? spot.dropoffs : [{}],
    vehicleTypeId: spot.vehicleTypeId,
    vehicleCount: spot.vehicleCount,
    productId: spot.productId,
    weightTonnes: spot.weightTonnes ?? (undefined as never),
    pickupAt: spot.pickupAt as never,
    targetPriceRupees: spot.targetPriceRupees,
    remarks: spot.remarks,
  } as RequestInput;
}

/**
 * `/request/{dir}/new/spot-indent/:spotIndent`: the vehicles nobody took on a contract indent, as
 * a new transport request. Loads `GET /api/indents/:id/spot` once and fills the form from it
 * (pickup date = the indent's reporting time, target = the lane's contract rate); the request is
 * sent with `spotIndentId`, which links it to the indent.
 */
export function useSpotIndent(form: UseFormReturn<RequestInput>, schedule: ReturnType<typeof useRequestSchedule>) {
  const raw = useParams().spotIndent;
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const prefill = useSpotIndentPrefill(id);
  const filled = useRef(false);
  const spot = prefill.data;
  const { load } = schedule;
  useEffect(() => {
    if (!spot || filled.current) {
      return;
    }
    filled.current = true;
    const values = spotToInput(spot, form.getValues());
    form.reset(values);
    load(values);
  }, [spot, form, load]);
  return { id, spot, error: prefill.error, loading: prefill.isPending && id !== undefined };
}
