import { doublePrecision, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { stops } from './locations.ts';
import { plants } from './plants.ts';
import { industries, statusColumn, timestamps } from './tenancy.ts';

/** Route master: a lane with its distance and transit time. */
export const routeMasters = pgTable('route_masters', {
  id: serial('id').primaryKey(),
  industryId: integer('industry_id')
    .notNull()
    .references(() => industries.id),
  name: text('name').notNull(),
  originPlantId: integer('origin_plant_id').references(() => plants.id),
  originStopId: integer('origin_stop_id').references(() => stops.id),
  distanceKm: doublePrecision('distance_km').notNull(),
  transitHours: doublePrecision('transit_hours').notNull(),
  status: statusColumn(),
  ...timestamps(),
});

/** Via points and destinations of a route, in order. */
export const routePoints = pgTable(
  'route_points',
  {
    routeId: integer('route_id')
      .notNull()
      .references(() => routeMasters.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    role: text('role', { enum: ['via', 'destination'] }).notNull(),
    stopId: integer('stop_id')
      .notNull()
      .references(() => stops.id),
  },
  (t) => [primaryKey({ columns: [t.routeId, t.seq] })],
);
