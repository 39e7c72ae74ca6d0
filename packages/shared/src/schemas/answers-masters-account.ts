import { z } from 'zod';
import { permissionSchema } from '../permissions.ts';
import { loginHeaderDetailsSchema, profileSchema, sessionUserSchema } from './auth.ts';
import { carrierCompanySchema } from './carrier.ts';
import { errorResponseSchema } from './common.ts';
import { gstRateSchema } from './invoice.ts';
import { publicTrackSchema } from './tracking-links.ts';
import { trackingSettingsSchema } from './tracking-settings.ts';
import { orderVerificationSchema, verificationSettingsSchema } from './verification.ts';

/**
 * The declared answers (issue 34, record 0286) of the account, auth, push, geography, settings and
 * carrier-company routes, and of the server's health.
 */
const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** A write that answers a sentence for the user ("Your password is changed."). */
export const messageAnswer = data(z.object({ message: z.string() }));

/** The login: the session's token and everything the app keeps of the user. */
export const sessionAnswer = data(sessionUserSchema);
/** A password-reset link still valid: whose it is. */
export const resetTokenAnswer = data(z.object({ email: z.string() }));

export const profileAnswer = data(profileSchema);
export const headerDetailsAnswer = data(loginHeaderDetailsSchema);
/** The caller's permissions. */
export const permissionsAnswer = data(z.array(permissionSchema));

/** Web push: the server's VAPID public key, and a subscription saved or removed. */
export const pushConfigAnswer = data(z.object({ vapidPublicKey: z.string() }));
export const pushSavedAnswer = data(z.object({ saved: z.boolean() }));
export const pushRemovedAnswer = data(z.object({ removed: z.number().int() }));

/** The server is up and reaches its database (of this kind). */
export const healthAnswer = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** Liveness: the process answers (a load balancer or orchestrator restarts it when it does not). */
export const healthLiveAnswer = z.object({ status: z.literal('ok') });

/** Each part readiness checks: `ok`, `none` (not configured: Redis on one process) or why not. */
export const readinessChecksSchema = z.object({ database: z.string(), redis: z.string(), storage: z.string() });

/** Readiness: this process should be sent calls (every part it needs answers, and it is not draining). */
export const healthReadyAnswer = z.object({ status: z.literal('ready'), checks: readinessChecksSchema });

/** Not ready (503): the error shape, naming the failing part or the drain, with every check. */
export const healthNotReadyAnswer = errorResponseSchema.extend({ checks: readinessChecksSchema });

/** What the browser needs of the server's configuration: the map tiles' address and credit. */
export const configAnswer = z.object({ data: z.object({ mapTileUrl: z.string(), mapTileAttribution: z.string() }) });

/** The active states (of a country) and cities (of a state), for address forms. */
export const geoStatesAnswer = data(z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string() })));
export const geoCitiesAnswer = data(z.array(z.object({ id: z.number().int(), name: z.string() })));

/** The dated GST rate table, as invoices read it. */
export const gstRatesAnswer = data(z.array(gstRateSchema));

export const trackingSettingsAnswer = data(trackingSettingsSchema);
/**
 * What a public tracking link shows. `trail` points are `[latitude, longitude, epoch ms]`, declared as
 * arrays of three numbers: the tuple of publicTrackSchema becomes an `anyOf` of three equal schemas
 * in the OpenAPI 3.0 document, which Redocly flags.
 */
export const publicTrackAnswer = data(publicTrackSchema.extend({ trail: z.array(z.array(z.number()).length(3)) }));

/** The carrier's own company (with its bank account). */
export const carrierCompanyAnswer = data(carrierCompanySchema);

/** The carrier's TDS profile: its PAN, its declarations by financial year and its certificates (money in paise). */
export const tdsProfileSchema = z.object({
  pan: z.string().nullable(),
  declarations: z.array(z.object({ financialYear: z.string(), carriages: z.number().int(), declaredOn: z.string() })),
  certificates: z.array(
    z.object({
      id: z.number().int(),
      industryId: z.number().int(),
      shipperName: z.string(),
      number: z.string(),
      ratePct: z.number(),
      validFrom: z.string(),
      validTo: z.string(),
      limitPaise: z.number().int(),
      usedPaise: z.number().int(),
    }),
  ),
});
export const tdsProfileAnswer = data(tdsProfileSchema);

/** The carrier's own vehicles for its pickers (newest first), `more` when others match. */
export const carrierVehiclesAnswer = z.object({
  data: z.array(
    z.object({
      vehicleNumber: z.string(),
      driverName: z.string().nullable(),
      driverMobile: z.string().nullable(),
      lastOrderNumber: z.string(),
      lastPickupAt: z.string(),
      onTheRoad: z.boolean(),
      papers: z.object({ state: z.enum(['valid', 'expiring', 'expired']), text: z.string() }).nullable(),
    }),
  ),
  more: z.boolean(),
});

/** The shipper's verification rules (issue 37). */
export const verificationSettingsAnswer = data(verificationSettingsSchema);
/** An order's vehicle and driver as the registers last said (issue 37). */
export const orderVerificationAnswer = data(orderVerificationSchema);
