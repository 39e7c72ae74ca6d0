import { z } from 'zod';

/**
 * Verified vehicles and drivers (issue 37, record 0307): what VAHAN (a vehicle's registration) and
 * SARATHI (a driving licence) say through ULIP, each document's valid-to date, and a shipper's
 * rules of what blocks gate in and what only warns.
 */

/** The documents the registers date, in the order the screens list them. */
export const REGISTER_DOCS = ['registration', 'fitness', 'insurance', 'permit', 'puc', 'tax', 'licence'] as const;
export type RegisterDoc = (typeof REGISTER_DOCS)[number];
export const REGISTER_DOC_LABEL: Record<RegisterDoc, string> = {
  registration: 'Registration',
  fitness: 'Fitness certificate',
  insurance: 'Insurance',
  permit: 'Permit',
  puc: 'PUC certificate',
  tax: 'Road tax',
  licence: 'Driving licence',
};

/** What an expired (or missing) document does at the gate. */
export const VERIFICATION_EFFECTS = ['block', 'warn', 'ignore'] as const;
export type VerificationEffect = (typeof VERIFICATION_EFFECTS)[number];

/**
 * The defaults (record 0307): what makes the load illegal to move or uninsured blocks (registration
 * not active or blacklisted, fitness, insurance, the driver's licence); what is a fine at a check
 * post but fixed on the way or by the carrier's office warns (permit, PUC, road tax).
 */
export const DEFAULT_VERIFICATION_RULES: Record<RegisterDoc, VerificationEffect> = {
  registration: 'block',
  fitness: 'block',
  insurance: 'block',
  permit: 'warn',
  puc: 'warn',
  tax: 'warn',
  licence: 'block',
};
/** The ISO time the defaults stand for as a version (If-Match) while a shipper has no row. */
export const VERIFICATION_SETTINGS_DEFAULT_VERSION = '1970-01-01T00:00:00.000Z';

/** A document expiring within this many days is amber, and its carrier is told once a day. */
export const EXPIRY_NOTICE_DAYS = 15;

const effect = (doc: RegisterDoc) =>
  z.enum(VERIFICATION_EFFECTS, { error: `${REGISTER_DOC_LABEL[doc]} must be one of ${VERIFICATION_EFFECTS.join(', ')}` });

/** `PUT /api/settings/verification`: every document's effect. */
export const verificationSettingsInputSchema = z.strictObject(
  Object.fromEntries(REGISTER_DOCS.map((d) => [d, effect(d)])) as { [K in RegisterDoc]: ReturnType<typeof effect> },
);
export type VerificationRules = z.infer<typeof verificationSettingsInputSchema>;
export const verificationSettingsSchema = verificationSettingsInputSchema.extend({
  isDefault: z.boolean(),
  updatedAt: z.string(),
});
export type VerificationSettings = z.infer<typeof verificationSettingsSchema>;

/** A licence number as SARATHI knows it: state, RTO, then the year and serial ("MH14 20110062821"). */
export const licenceNumberSchema = z
  .string({ error: 'Licence number must be text' })
  .transform((v) => v.trim().toUpperCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[A-Z]{2}\d{2}[0-9A-Z]{7,12}$/, 'Licence number must look like MH1420110062821'));

/** A date of birth, YYYY-MM-DD, of someone at least 18 today. */
export const dobSchema = z
  .string({ error: 'Date of birth must be YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must be YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'No such day')
  .refine((d) => {
    const adult = new Date();
    adult.setUTCFullYear(adult.getUTCFullYear() - 18);
    return d <= adult.toISOString().slice(0, 10);
  }, 'Date of birth must be of someone at least 18 years old');

/** A document's state on a day: valid, expiring within EXPIRY_NOTICE_DAYS, expired, or not dated by the register. */
export const DOCUMENT_STATES = ['valid', 'expiring', 'expired', 'missing'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

export const documentCheckSchema = z.object({
  doc: z.enum(REGISTER_DOCS),
  label: z.string(),
  /** The last day it is valid (India date), null when the register gives none. */
  validTo: z.string().nullable(),
  state: z.enum(DOCUMENT_STATES),
  effect: z.enum(VERIFICATION_EFFECTS),
});
export type DocumentCheck = z.infer<typeof documentCheckSchema>;

export const registerRecordSchema = z.object({
  register: z.enum(['vehicle', 'licence']),
  number: z.string(),
  status: z.string().nullable(),
  holderName: z.string().nullable(),
  classes: z.string().nullable(),
  source: z.string(),
  checkedAt: z.string(),
  documents: z.array(documentCheckSchema),
});
export type RegisterRecord = z.infer<typeof registerRecordSchema>;

export const VERIFICATION_LEVELS = ['green', 'amber', 'red'] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

/** The verdict the gate card shows: red blocks gate in, amber warns; the reasons in words, the worst first. */
export const gateVerificationSchema = z.object({
  level: z.enum(VERIFICATION_LEVELS),
  reasons: z.array(z.string()),
});
export type GateVerification = z.infer<typeof gateVerificationSchema>;

/** `GET …/orders/:id/verification`: the verdict and what each register said (null: not checked yet). */
export const orderVerificationSchema = gateVerificationSchema.extend({
  vehicle: registerRecordSchema.nullable(),
  driver: registerRecordSchema.nullable(),
});
export type OrderVerification = z.infer<typeof orderVerificationSchema>;
