import type { OrderDetail } from '@freightdesk/shared/schemas/order-detail';
import type { OfflineOrderInput } from '@freightdesk/shared/schemas/order';

/**
 * The edit form's values from a saved offline order: its lane gives the vendor pickup (inbound)
 * and the drop-offs in their order (outbound); the price is in rupees as typed.
 */
export function offlineOrderToInput(o: OrderDetail): OfflineOrderInput {
  const pickup = o.lane.find((s) => s.kind === 'pickup' && s.addressId);
  const drops = o.lane
    .filter((s) => s.kind === 'drop' && (s.addressId || s.stopId))
    .sort((a, b) => a.seq - b.seq)
    .map((s) => (s.addressId ? { addressId: s.addressId } : { stopId: s.stopId ?? undefined }));
  return {
    carrierLinkId: o.carrierLinkId,
    plantId: o.plantId,
    vehicleTypeId: o.vehicleTypeId,
    priceRupees: o.priceRupees,
    priceBasis: o.priceBasis === 'tonne' ? 'tonne' : 'trip',
    pickupAt: o.pickupAt,
    vehicleNumber: o.vehicleNumber ?? '',
    driverName: o.driverName ?? '',
    driverMobile: o.driverMobile ?? '',
    pickupAddressId: o.requestType === 2 ? (pickup?.addressId ?? null) : null,
    dropoffs: o.requestType === 2 ? [] : drops,
    productId: o.productId,
    weightTonnes: o.weightTonnes,
    externalRef: o.externalRef ?? '',
  };
}
