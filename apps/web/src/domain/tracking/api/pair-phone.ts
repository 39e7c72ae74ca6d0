import type { DevicePairing, TrackingDevice } from '@freightdesk/shared/schemas/tracking-devices';
import { api } from '../../../lib/api.ts';

/** Where a company's devices are: `/tracking` (a shipper's) or `/carrier/tracking` (a carrier's). */
export type DevicesBase = '/tracking' | '/carrier/tracking';

/**
 * POST `${devicesBase}/devices` [the side's tracking permission]: registers a phone named `name`,
 * answering the device and, once, its pairing (the setup card's link and code).
 */
export const pairPhone = (devicesBase: DevicesBase, name: string) =>
  api.post<{ data: TrackingDevice; pairing?: DevicePairing }>(`${devicesBase}/devices`, { kind: 'phone', name });
