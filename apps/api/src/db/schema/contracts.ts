import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { plants } from './plants.ts';
import { products, vehicleTypes } from './settings.ts';
import { industries, industryCarriers, timestamps } from './tenancy.ts';

/**
 * Contracts (issue 11): an RFQ asks invited carriers for rates on lanes for a contract period, in
 * rounds; awarding a lane splits it between carriers by share; the award makes one contract per
 * carrier. docs/decisions/ (records 0109–0129) explain the choices.
 */
export const RFQ_STATUSES = ['draft', 'open', 'closed', 'awarded', 'cancelled'] as const;
export const CONTRACT_STATUSES = ['active', 'expired', 'terminated'] as const;
/** A lane end: one of the shipper's plants, its stops (locations) or a client/vendor address. */
export const LANE_PLACE_KINDS = ['plant', 'stop', 'address'] as const;

export const rfqs = pgTable(
  'rfqs',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    number: text('number').notNull(),
    title: text('title').notNull(),
    status: text('status', { enum: RFQ_STATUSES }).notNull().default('draft'),
    /** The plant the RFQ belongs to (staff plant scope). */
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    /** Carriers do not see the material of its lanes (the spec's second hide flag). */
    hideMaterial: boolean('hide_material').notNull().default(false),
    remarks: text('remarks'),
    /** The round now open or last closed (0: not published). */
    round: integer('round').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('rfqs_number').on(t.industryId, t.number),
    index('rfqs_list').on(t.industryId, t.status, t.id),
    check('rfqs_period', sql`${t.periodTo} >= ${t.periodFrom}`),
  ],
);

/** One lane of an RFQ: where from, where to, on which vehicle, how often, what. */
export const rfqLanes = pgTable(
  'rfq_lanes',
  {
    id: serial('id').primaryKey(),
    rfqId: integer('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    originKind: text('origin_kind', { enum: LANE_PLACE_KINDS }).notNull(),
    originId: integer('origin_id').notNull(),
    originLabel: text('origin_label').notNull(),
    destinationKind: text('destination_kind', { enum: LANE_PLACE_KINDS }).notNull(),
    destinationId: integer('destination_id').notNull(),
    destinationLabel: text('destination_label').notNull(),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id),
    tripsPerMonth: integer('trips_per_month').notNull(),
    productId: integer('product_id').references(() => products.id),
    weightTonnes: doublePrecision('weight_tonnes'),
    /** The rate to beat (the last contract's, or typed), per trip, in paise. */
    benchmarkPaise: bigint('benchmark_paise', { mode: 'number' }),
  },
  (t) => [uniqueIndex('rfq_lanes_seq').on(t.rfqId, t.seq)],
);

export const rfqInvites = pgTable(
  'rfq_invites',
  {
    rfqId: integer('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    industryCarrierId: integer('industry_carrier_id')
      .notNull()
      .references(() => industryCarriers.id),
  },
  (t) => [uniqueIndex('rfq_invites_pk').on(t.rfqId, t.industryCarrierId), index('rfq_invites_carrier').on(t.industryCarrierId)],
);

/** A quoting round: its window, and (round 2 on) the lanes and carriers it is open to. */
export const rfqRounds = pgTable(
  'rfq_rounds',
  {
    id: serial('id').primaryKey(),
    rfqId: integer('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Null: every lane / every invited carrier. */
    laneIds: integer('lane_ids').array(),
    carrierLinkIds: integer('carrier_link_ids').array(),
    /** Carriers see their rank per lane in this round. */
    showRank: boolean('show_rank').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rfq_rounds_number').on(t.rfqId, t.number)],
);

/** A carrier's quote on a lane in a round (the latest; every revision is in rfq_quote_revisions). */
export const rfqQuotes = pgTable(
  'rfq_quotes',
  {
    id: serial('id').primaryKey(),
    rfqId: integer('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    roundId: integer('round_id')
      .notNull()
      .references(() => rfqRounds.id, { onDelete: 'cascade' }),
    laneId: integer('lane_id')
      .notNull()
      .references(() => rfqLanes.id, { onDelete: 'cascade' }),
    industryCarrierId: integer('industry_carrier_id')
      .notNull()
      .references(() => industryCarriers.id),
    /** Null when the carrier declined the lane. */
    amountPaise: bigint('amount_paise', { mode: 'number' }),
    declined: boolean('declined').notNull().default(false),
    quotedBy: integer('quoted_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('rfq_quotes_one').on(t.roundId, t.laneId, t.industryCarrierId),
    index('rfq_quotes_lane').on(t.rfqId, t.laneId),
    check('rfq_quotes_amount', sql`${t.declined} or ${t.amountPaise} > 0`),
  ],
);

export const rfqQuoteRevisions = pgTable(
  'rfq_quote_revisions',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => rfqQuotes.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }),
    declined: boolean('declined').notNull().default(false),
    by: integer('by').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rfq_quote_revisions_quote').on(t.quoteId, t.at)],
);

/** A carrier's contract from an RFQ award: its lanes, shares and rates for the period. */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    industryId: integer('industry_id')
      .notNull()
      .references(() => industries.id),
    number: text('number').notNull(),
    rfqId: integer('rfq_id').references(() => rfqs.id),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id),
    industryCarrierId: integer('industry_carrier_id')
      .notNull()
      .references(() => industryCarriers.id),
    status: text('status', { enum: CONTRACT_STATUSES }).notNull().default('active'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    slaText: text('sla_text'),
    terminatedAt: timestamp('terminated_at', { withTimezone: true }),
    terminatedBy: integer('terminated_by').references(() => users.id),
    terminationReason: text('termination_reason'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('contracts_number').on(t.industryId, t.number),
    uniqueIndex('contracts_rfq_carrier').on(t.rfqId, t.industryCarrierId),
    index('contracts_list').on(t.industryId, t.status, t.id),
    index('contracts_carrier').on(t.industryCarrierId, t.status),
  ],
);

/** A lane of a contract: the carrier's share of it and its rate now (history in contract_lane_rates). */
export const contractLanes = pgTable(
  'contract_lanes',
  {
    id: serial('id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    rfqLaneId: integer('rfq_lane_id')
      .notNull()
      .references(() => rfqLanes.id),
    sharePct: integer('share_pct').notNull(),
    ratePaise: bigint('rate_paise', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('contract_lanes_one').on(t.contractId, t.rfqLaneId),
    index('contract_lanes_lane').on(t.rfqLaneId),
    check('contract_lanes_share', sql`${t.sharePct} between 1 and 100`),
    check('contract_lanes_rate', sql`${t.ratePaise} > 0`),
  ],
);

export const contractLaneRates = pgTable(
  'contract_lane_rates',
  {
    id: serial('id').primaryKey(),
    contractLaneId: integer('contract_lane_id')
      .notNull()
      .references(() => contractLanes.id, { onDelete: 'cascade' }),
    ratePaise: bigint('rate_paise', { mode: 'number' }).notNull(),
    /** Why it changed: "RFQ award", "round 2", "amendment: …". */
    reason: text('reason').notNull(),
    by: integer('by').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_lane_rates_lane').on(t.contractLaneId, t.at)],
);
