import { describe, expect, it } from 'vitest';
import {
  gstinCheckChar,
  gstinMismatch,
  gstinSchema,
  isValidGstin,
  latitudeSchema,
  longitudeSchema,
  mobileSchema,
  pinSchema,
  VEHICLE_NUMBER_MAX_LENGTH,
  vehicleNumberSchema,
} from './india.ts';

describe('GSTIN', () => {
  it('accepts real GSTINs with the right check character', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
  });
  it('computes the check character', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
  });
  it('refuses a wrong check character or shape', () => {
    expect(isValidGstin('27AAPFU0939F1ZA')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isValidGstin('ABCDEFGHIJKLMNO')).toBe(false);
  });
  it('normalises case in the schema', () => {
    expect(gstinSchema.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(gstinSchema.safeParse('27AAPFU0939F1ZA').success).toBe(false);
  });
});

describe('a GSTIN beside its PAN and state (issue 33)', () => {
  it('refuses a GSTIN of another PAN, naming the PAN it holds', () => {
    expect(gstinMismatch('27AAFCV2449G1Z7', 'AABCV1234K', 'Maharashtra')).toContain('PAN AAFCV2449G, not AABCV1234K');
    expect(gstinMismatch('27AABCV1234K1ZD', 'AABCV1234K', 'Maharashtra')).toBeNull();
  });
  it('refuses a GSTIN of another state, by name or code; takes a state’s earlier code', () => {
    expect(gstinMismatch('27AABCV1234K1ZD', undefined, 'Gujarat')).toContain('state code 27, not in Gujarat (24)');
    expect(gstinMismatch('27AABCV1234K1ZD', undefined, 'MH')).toBeNull();
    expect(gstinMismatch(`28AABCV1234K1Z${gstinCheckChar('28AABCV1234K1Z')}`, undefined, 'Andhra Pradesh')).toBeNull();
  });
  it('leaves alone what it cannot judge: no GSTIN, an invalid one, a state it does not know', () => {
    expect(gstinMismatch(undefined, 'AABCV1234K', 'Maharashtra')).toBeNull();
    expect(gstinMismatch('27AAPFU0939F1ZA', 'AABCV1234K', undefined)).toBeNull();
    expect(gstinMismatch('27AABCV1234K1ZD', undefined, 'Atlantis')).toBeNull();
  });
});

describe('other Indian formats', () => {
  it('PIN codes', () => {
    expect(pinSchema.safeParse('411001').success).toBe(true);
    expect(pinSchema.safeParse('011001').success).toBe(false);
    expect(pinSchema.safeParse('41100').success).toBe(false);
  });
  it('mobiles', () => {
    expect(mobileSchema.safeParse('9876543210').success).toBe(true);
    expect(mobileSchema.safeParse('5876543210').success).toBe(false);
  });
  it('vehicle numbers, including Bharat series', () => {
    expect(vehicleNumberSchema.parse('mh 12 ab 1234')).toBe('MH12AB1234');
    expect(vehicleNumberSchema.safeParse('22BH1234AB').success).toBe(true);
    expect(vehicleNumberSchema.safeParse('12345').success).toBe(false);
    // The longest of either form, and one character more.
    expect(vehicleNumberSchema.parse('MH12ABC1234')).toHaveLength(VEHICLE_NUMBER_MAX_LENGTH);
    expect(vehicleNumberSchema.safeParse('MH123ABC1234').success).toBe(false);
    expect(vehicleNumberSchema.safeParse('MH12ABCD1234').success).toBe(false);
    expect(vehicleNumberSchema.safeParse('22BH1234ABC').success).toBe(false);
  });
});

describe('missing values', () => {
  it('name the field instead of giving the type error', () => {
    const message = (schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } }) =>
      schema.safeParse(undefined).error?.issues[0]?.message;
    expect(message(gstinSchema)).toBe('GSTIN is required');
    expect(message(pinSchema)).toBe('PIN code is required');
    expect(message(mobileSchema)).toBe('Mobile is required');
    expect(message(vehicleNumberSchema)).toBe('Vehicle number is required');
    expect(message(latitudeSchema)).toMatch(/^Latitude is required/);
    expect(message(longitudeSchema)).toMatch(/^Longitude is required/);
    expect(latitudeSchema.safeParse(91).error?.issues[0]?.message).toBe('Latitude must be between -90 and 90');
  });
});
