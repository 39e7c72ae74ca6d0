import { integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { plants } from './plants.ts';
import { businessUnits } from './tenancy.ts';

/** Plants a staff user works with; none means all the shipper's plants. */
export const staffPlants = pgTable(
  'staff_plants',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.plantId] })],
);

/** Business units a staff user works with; none means all. */
export const staffBusinessUnits = pgTable(
  'staff_business_units',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessUnitId: integer('business_unit_id')
      .notNull()
      .references(() => businessUnits.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.businessUnitId] })],
);
