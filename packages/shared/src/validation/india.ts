import { z } from 'zod';
import { EWAY_STATES } from '../eway-bill.ts';
import { normaliseStateName } from './state.ts';

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTIN check character (15th) computed from the first 14 (mod-36 Luhn variant). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARS.indexOf(first14.charAt(i));
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS.charAt((36 - (sum % 36)) % 36);
}

export function isValidGstin(value: string): boolean {
  if (!GSTIN_PATTERN.test(value)) {
    return false;
  }
  return gstinCheckChar(value.slice(0, 14)) === value.charAt(14);
}

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const PIN_PATTERN = /^[1-9][0-9]{5}$/;
export const MOBILE_PATTERN = /^[6-9][0-9]{9}$/;
/** Standard registration (MH12AB1234, DL1CAB1234) or Bharat series (22BH1234AB). */
export const VEHICLE_PATTERN = /^(?:[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}|[0-9]{2}BH[0-9]{4}[A-Z]{1,2})$/;
/** The longest vehicle number VEHICLE_PATTERN admits (MH12ABC1234): a longer search is part of none. */
export const VEHICLE_NUMBER_MAX_LENGTH = 11;

const upper = (v: string) => v.trim().toUpperCase();

export const gstinSchema = z
  .string({ error: 'GSTIN is required' })
  .transform(upper)
  .refine((v) => GSTIN_PATTERN.test(v), 'GSTIN must be 15 characters like 27AAPFU0939F1ZV')
  .refine(isValidGstin, 'GSTIN check character does not match');

export const panSchema = z
  .string({ error: 'PAN is required' })
  .transform(upper)
  .pipe(z.string().regex(PAN_PATTERN, 'PAN must look like AAPFU0939F'));
export const pinSchema = z
  .string({ error: 'PIN code is required' })
  .trim()
  .regex(PIN_PATTERN, 'PIN code must be 6 digits, not starting with 0');
export const mobileSchema = z
  .string({ error: 'Mobile is required' })
  .trim()
  .regex(MOBILE_PATTERN, 'Mobile must be 10 digits starting with 6, 7, 8 or 9');
export const vehicleNumberSchema = z
  .string({ error: 'Vehicle number is required' })
  .transform((v) => upper(v).replace(/[\s-]/g, ''))
  .pipe(z.string().regex(VEHICLE_PATTERN, 'Vehicle number must look like MH12AB1234 or 22BH1234AB'));
export const latitudeSchema = z
  .number({ error: 'Latitude is required: pick the place on the map or type it' })
  .min(-90, 'Latitude must be between -90 and 90')
  .max(90, 'Latitude must be between -90 and 90');
export const longitudeSchema = z
  .number({ error: 'Longitude is required: pick the place on the map or type it' })
  .min(-180, 'Longitude must be between -180 and 180')
  .max(180, 'Longitude must be between -180 and 180');

/** Geofence radius around a plant or location, in whole metres. */
export const geofenceRadiusSchema = z
  .number()
  .int('Geofence radius must be a whole number of metres')
  .min(50, 'Geofence radius must be at least 50 m')
  .max(50_000, 'Geofence radius must be at most 50,000 m')
  .default(500);

/** GST state codes a state's GSTINs may carry besides its own: registrations from before a state's split or merger. */
const EARLIER_GST_CODES: Record<number, number[]> = { 37: [28], 26: [25], 38: [1] };

/**
 * Where a GSTIN contradicts what stands beside it on the same profile (CGST rule 10 and the GSTIN's
 * format): characters 3–12 are the holder's PAN, characters 1–2 the GST code of the state where it
 * is registered. The state may be a name or its two-letter code; one this list does not know is not
 * judged here (the geography check names it). Null when they agree or there is nothing to compare.
 */
export function gstinMismatch(gstin: string | undefined, pan: string | undefined, state: string | undefined): string | null {
  if (!gstin || !isValidGstin(gstin)) {
    return null;
  }
  if (pan && gstin.slice(2, 12) !== pan) {
    return `This GSTIN belongs to PAN ${gstin.slice(2, 12)}, not ${pan}: characters 3–12 of a GSTIN are the holder's PAN.`;
  }
  const wanted = state ? gstStateOf(state) : undefined;
  const code = Number(gstin.slice(0, 2));
  if (wanted && code !== wanted.nic && !EARLIER_GST_CODES[wanted.nic]?.includes(code)) {
    return `This GSTIN is registered in state code ${gstin.slice(0, 2)}, not in ${wanted.name} (${String(wanted.nic).padStart(2, '0')}).`;
  }
  return null;
}

/** A state by name or two-letter code, as GST numbers it. */
function gstStateOf(state: string) {
  const key = normaliseStateName(state);
  return EWAY_STATES.find((s) => normaliseStateName(s.name) === key || s.code.toLowerCase() === key);
}

/** The GST state code of a state (name or two-letter code), 27 for Maharashtra; undefined for one not known. */
export const gstCodeOfState = (state: string): number | undefined => gstStateOf(state)?.nic;

/** The state a GSTIN is registered in (its first two digits), by name; undefined for a code not known. */
export const stateOfGstin = (gstin: string): string | undefined => EWAY_STATES.find((s) => s.nic === Number(gstin.slice(0, 2)))?.name;
