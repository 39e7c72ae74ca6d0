import type { RequestInput, TransportRequest } from '@freightdesk/shared/schemas/request';

/**
 * The form's values from a saved request: to edit it, or (`replicate`) to start a new one from it,
 * with the bid window and pickup left for the user to set anew.
 */
export function requestToInput(r: TransportRequest, replicate = false): RequestInput {
  return {
    requestType: r.requestType,
    plantId: r.plantId,
    pickupAddressId: r.pickupAddressId,
    dropoffs: r.dropoffs.map((d) => (d.addressId ? { addressId: d.addressId } : { stopId: d.stopId ?? undefined })),
    productId: r.productId,
    packageId: r.packageId,
    quantity: r.quantity,
    weightTonnes: r.weightTonnes,
    vehicleTypeId: r.vehicleTypeId,
    vehicleCount: r.vehicleCount,
    pickupAt: (replicate ? undefined : r.pickupAt) as never,
    bidStartAt: (replicate ? undefined : r.bidStartAt) as never,
    bidEndAt: (replicate ? undefined : r.bidEndAt) as never,
    targetPriceRupees: r.targetPriceRupees,
    priceBasis: r.priceBasis,
    carrierLinkIds: r.carrierLinkIds,
    groupIds: r.groupIds,
    hideMaterial: r.hideMaterial,
    remarks: r.remarks ?? undefined,
    // A copy is a new request: the ERP's reference belongs to the one copied (unique per company).
    externalRef: replicate ? '' : (r.externalRef ?? ''),
    publish: true,
  };
}
