import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { industries } from './tenancy.ts';

/**
 * A file attached to a request (shipper's attachments), an order (documents of either side:
 * LR, POD, invoice copy), an RFQ (the shipper's attachments) a contract (agreement, SLA) or an invoice (the carrier's POD, LR, weighbridge slips). The bytes live in the storage adapter under `storageKey`.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    ownerType: text('owner_type', { enum: ['request', 'order', 'rfq', 'contract', 'invoice'] }).notNull(),
    ownerId: integer('owner_id').notNull(),
    kind: text('kind').notNull().default('other'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    /** 3/4 shipper, 2 carrier: who may delete it. */
    uploaderType: integer('uploader_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('documents_owner').on(t.ownerType, t.ownerId)],
);
