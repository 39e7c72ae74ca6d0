import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { industries, statusColumn, timestamps } from './tenancy.ts';

/** A shipper's client (consignee) or vendor (supplier). */
export const parties = pgTable(
  'parties',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    kind: text('kind', { enum: ['client', 'vendor'] }).notNull(),
    company: text('company').notNull(),
    gstin: text('gstin'),
    contactName: text('contact_name').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email'),
    status: statusColumn(),
    ...timestamps(),
  },
  (t) => [
    index('parties_industry_kind').on(t.industryId, t.kind),
    uniqueIndex('parties_industry_kind_gstin').on(t.industryId, t.kind, t.gstin).where(sql`${t.gstin} is not null`),
  ],
);

export const partyAddresses = pgTable(
  'party_addresses',
  {
    id: serial('id').primaryKey(),
    partyId: integer('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [index('party_addresses_party').on(t.partyId)],
);

export const partyContacts = pgTable(
  'party_contacts',
  {
    id: serial('id').primaryKey(),
    partyId: integer('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    designation: text('designation'),
    mobile: text('mobile'),
    email: text('email'),
  },
  (t) => [index('party_contacts_party').on(t.partyId)],
);
