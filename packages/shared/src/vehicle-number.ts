/**
 * "mh 12 ab-1234" → "MH12AB1234": how vehicle numbers are stored and searched. Zod-free, so the
 * gate board's first download does not carry the schemas (record 0310).
 */
export const normaliseVehicleNumber = (v: string) => v.trim().toUpperCase().replace(/[\s-]/g, '');
