import { ewayValidUntil } from '@freightdesk/shared/eway-bill';
import type { Extension, ProviderBill } from './eway-bill-provider.ts';

/* NIC's e-way bill formats: its dates, its GetEwayBill answer and its EXTENDVALIDITY body. */

/** NIC's `dd/MM/yyyy hh:mm:ss AM` in IST. */
export function parseNicDate(s: string): Date | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2})(?: ?([AP]M))?$/i.exec(s.trim());
  if (!m) {
    return undefined;
  }
  const [, dd, mm, yyyy, h, min, sec, ampm] = m;
  let hour = Number(h);
  if (ampm) {
    hour = (hour % 12) + (ampm.toUpperCase() === 'PM' ? 12 : 0);
  }
  const iso = `${yyyy}-${mm}-${dd}T${String(hour).padStart(2, '0')}:${min}:${sec}+05:30`;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

export type NicBill = {
  ewbNo?: number | string;
  ewayBillDate?: string;
  status?: string;
  fromGstin?: string;
  toGstin?: string;
  totInvValue?: number;
  actualDist?: number;
  validUpto?: string;
  extendedTimes?: number;
  /** R regular, O over-dimensional cargo. */
  vehicleType?: string;
  VehiclListDetails?: { vehicleNo?: string }[];
};

/**
 * A GetEwayBill answer in our terms; undefined when it lacks what a bill must have. NIC's
 * `validUpto` is the bill's validity as NIC holds it (23:59:00 of the last day, extensions
 * included) and is taken as it is; only a bill without one gets the computed rule.
 */
export function fromNic(data: NicBill): ProviderBill | undefined {
  const generatedAt = data.ewayBillDate ? parseNicDate(data.ewayBillDate) : undefined;
  const number = String(data.ewbNo ?? '');
  if (!generatedAt || !/^\d{12}$/.test(number) || !data.fromGstin) {
    return undefined;
  }
  const distanceKm = Math.max(0, Math.round(Number(data.actualDist ?? 0)));
  const overDimensional =
    String(data.vehicleType ?? '')
      .trim()
      .toUpperCase() === 'O';
  const validUntil =
    (data.validUpto ? parseNicDate(data.validUpto) : undefined) ?? ewayValidUntil(generatedAt, distanceKm, overDimensional);
  const vehicles = data.VehiclListDetails ?? [];
  return {
    number,
    generatedAt,
    distanceKm,
    validUntil,
    valuePaise: Math.round(Number(data.totInvValue ?? 0) * 100),
    fromGstin: data.fromGstin,
    toGstin: data.toGstin && data.toGstin !== 'URP' ? data.toGstin : null,
    vehicleNumber: vehicles[0]?.vehicleNo?.replace(/\s/g, '').toUpperCase() ?? null,
    status: data.status === 'CNL' ? 'cancelled' : 'active',
    extensions: Number(data.extendedTimes ?? 0),
    overDimensional,
  };
}

/**
 * EXTENDVALIDITY's body for a vehicle moving by road: transMode 1 goes with consignmentStatus M
 * ("in movement") and a blank transitType; the address lines are for goods in transit (status T,
 * in a warehouse) and go blank; no transport document is needed by road.
 */
export function extensionBody(number: string, e: Extension) {
  return {
    ewbNo: Number(number),
    vehicleNo: e.vehicleNumber,
    fromPlace: e.fromPlace,
    fromState: e.fromState,
    fromPincode: Number(e.fromPincode),
    remainingDistance: e.remainingKm,
    transDocNo: '',
    transDocDate: '',
    transMode: '1',
    extnRsnCode: e.reasonCode,
    extnRemarks: e.remarks,
    consignmentStatus: 'M',
    transitType: '',
    addressLine1: '',
    addressLine2: '',
    addressLine3: '',
  };
}
