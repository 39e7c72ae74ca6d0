import { z } from 'zod';
import { dataAnswer } from './answers.ts';
import { carrierSchema } from './carrier.ts';
import { listResponseSchema } from './common.ts';
import { PRODUCT_UNITS, VEHICLE_BODIES } from './settings.ts';
import { STOP_TYPES } from './stop.ts';

/**
 * The declared answers of the masters (issue 34, record 0286): plants, stops, clients, carriers,
 * settings … Most masters register their routes through one builder (apps/api/src/lib/resource-
 * routes.ts), which declares every answer from the master's row schema with `masterAnswers(row)`.
 */
const data = dataAnswer;

/** The answers of a master's list, read, add, edit and activate/deactivate routes. */
export function masterAnswers<T extends z.ZodType>(row: T) {
  return { list: listResponseSchema(row), one: data(row) };
}

/** A master row deleted: its id. */
export const deletedAnswer = data(z.object({ id: z.number().int(), deleted: z.literal(true) }));

/** One row of a picker (`…/options`): the id, its label and the few fields the master adds. */
export const optionRowSchema = z.object({ id: z.number().int(), label: z.string() }).catchall(z.union([z.string(), z.number(), z.null()]));

/** The answer of an options route: at most a page of rows, `more` when the search should narrow. */
export function optionsAnswer<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), more: z.boolean() });
}

const option = <T extends z.ZodRawShape>(fields: T) => z.object({ id: z.number().int(), label: z.string(), ...fields });
const name = z.string();

/** The option rows of each master's picker: what it shows beside the label. */
export const masterOptionRows = {
  businessUnit: option({ name, code: z.string() }),
  plant: option({ name, code: z.string(), city: z.string() }),
  stop: option({ name, city: z.string(), type: z.enum(STOP_TYPES) }),
  role: option({ name }),
  routeMaster: option({ name, distanceKm: z.number() }),
  product: option({ name, unit: z.enum(PRODUCT_UNITS) }),
  package: option({ name, unitWeightKg: z.number() }),
  vehicleType: option({ name, body: z.enum(VEHICLE_BODIES), capacityTonnes: z.number() }),
  carrier: option({ name, code: z.string().nullable(), city: z.string().nullable() }),
  carrierGroup: option({ name }),
  /** A client's or vendor's address, labelled "company — address, city". */
  partyAddress: option({ partyId: z.number().int(), company: z.string(), city: z.string() }),
  /** A carrier's shipper: the shipper (industry) id, and the carrier's link with it. */
  carrierShipper: option({ carrierLinkId: z.number().int() }),
};

/** What a sheet import answers in `data`: how many rows it created (and carriers it linked). */
export const importedAnswers = {
  parties: z.object({ created: z.number().int() }),
  carriers: z.object({ created: z.number().int(), linked: z.number().int() }),
};

/** A carrier added: the shipper's link with it, and whether the carrier was new or already on Freightdesk. */
export const carrierAddedAnswer = data(carrierSchema.extend({ linked: z.enum(['created', 'existing']) }));
