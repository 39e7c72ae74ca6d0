import { doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { businessUnits, industries, statusColumn, timestamps } from './tenancy.ts';

export const plants = pgTable(
  'plants',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    businessUnitId: integer('business_unit_id').references(() => businessUnits.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    gstin: text('gstin').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull().default('India'),
    pincode: text('pincode').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    geofenceRadius: integer('geofence_radius').notNull().default(500),
    contactName: text('contact_name'),
    contactMobile: text('contact_mobile'),
    status: statusColumn(),
    slaText: text('sla_text'),
    contractSlaText: text('contract_sla_text'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [uniqueIndex('plants_industry_code').on(t.industryId, t.code), index('plants_industry').on(t.industryId)],
);
