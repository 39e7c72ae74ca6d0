import { doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { industries, statusColumn, timestamps } from './tenancy.ts';

/** A shipper's named pickup or drop location (spec "stop"). */
export const stops = pgTable(
  'stops',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    name: text('name').notNull(),
    type: text('type', { enum: ['pickup', 'drop', 'both'] }).notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    geofenceRadius: integer('geofence_radius').notNull().default(500),
    status: statusColumn(),
    ...timestamps(),
  },
  (t) => [index('stops_industry').on(t.industryId)],
);
