import type { GstBreakup } from '../schemas/invoice-views.ts';

/** A GST breakup for tests (intra-state, 5% under forward charge, no tax yet), with the given changes. */
export const gstBreakup = (over: Partial<GstBreakup> = {}): GstBreakup => ({
  scheme: 'fcm',
  ratePct: 5,
  supplierGstin: '27AAAAA0000A1Z5',
  recipientGstin: '27BBBBB0000B1Z5',
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  reverseCharge: false,
  ...over,
});
