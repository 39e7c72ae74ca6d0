import { eq, sql } from 'drizzle-orm';
import type {
  BidVisibility,
  BidVisibilityInputParsed,
  PaymentSetting,
  PaymentSettingInputParsed,
  StatusListQuery,
} from '@freightdesk/shared/schemas/settings';
import { plants } from '../db/schema/plants.ts';
import { bidVisibilitySettings, paymentSettings } from '../db/schema/settings.ts';
import { carriers, industryCarriers } from '../db/schema/tenancy.ts';
import { checkCarrierLinkRef, checkPlantRef } from './common/references.ts';
import type { ResourceSpec } from '../lib/resource-spec.ts';
import { withIsoDates } from './common/rows.ts';
import { meta, statusFilter } from './settings-catalogue.repository.ts';

/** The shipper's bidding and payment terms (issue 32): per plant (and carrier), scoped to the shipper. */

export const bidVisibilitySpec: ResourceSpec<BidVisibility, BidVisibilityInputParsed, StatusListQuery> = {
  entity: 'bid-visibility',
  label: 'Bid position visibility',
  table: bidVisibilitySettings,
  select: {
    ...meta(bidVisibilitySettings),
    plantId: bidVisibilitySettings.plantId,
    plantName: plants.name,
    visibility: bidVisibilitySettings.visibility,
    minDecrementRupees: sql<number>`(bid_visibility_settings.min_decrement_paise / 100.0)::float8`.as('min_decrement_rupees'),
    antiSnipingMinutes: bidVisibilitySettings.antiSnipingMinutes,
    awardWindowHours: bidVisibilitySettings.awardWindowHours,
  },
  joins: [{ table: plants, on: eq(plants.id, bidVisibilitySettings.plantId) }],
  search: [plants.name],
  sorts: { plant: plants.name, createdAt: bidVisibilitySettings.createdAt },
  filters: statusFilter(bidVisibilitySettings.status),
  unique: { bid_visibility_industry_plant: ['plantId', 'A setting for this plant (or the default) already exists.'] },
  toRow: withIsoDates<BidVisibility>,
  toValues: ({ minDecrementRupees, ...rest }) => ({ ...rest, minDecrementPaise: Math.round(minDecrementRupees * 100) }),
  check: (tx, actor, input) => checkPlantRef(tx, actor.industryId, input.plantId),
};

export const paymentSettingSpec: ResourceSpec<PaymentSetting, PaymentSettingInputParsed, StatusListQuery> = {
  entity: 'payment-setting',
  label: 'Payment setting',
  table: paymentSettings,
  select: {
    ...meta(paymentSettings),
    plantId: paymentSettings.plantId,
    plantName: plants.name,
    carrierLinkId: paymentSettings.carrierLinkId,
    carrierName: carriers.name,
    advancePercent: paymentSettings.advancePercent,
    balanceOnPod: paymentSettings.balanceOnPod,
    creditDays: paymentSettings.creditDays,
    detentionFreeHours: paymentSettings.detentionFreeHours,
    detentionRupeesPerDay: sql<number>`(payment_settings.detention_per_day_paise / 100.0)::float8`.as('detention_rupees_per_day'),
  },
  joins: [
    { table: plants, on: eq(plants.id, paymentSettings.plantId) },
    { table: industryCarriers, on: eq(industryCarriers.id, paymentSettings.carrierLinkId) },
    { table: carriers, on: eq(carriers.id, industryCarriers.carrierId) },
  ],
  search: [plants.name, carriers.name],
  sorts: { plant: plants.name, carrier: carriers.name, createdAt: paymentSettings.createdAt },
  filters: statusFilter(paymentSettings.status),
  unique: { payment_settings_scope: ['plantId', 'A payment setting for this plant and carrier already exists.'] },
  toRow: withIsoDates<PaymentSetting>,
  toValues: ({ detentionRupeesPerDay, ...rest }) => ({ ...rest, detentionPerDayPaise: Math.round(detentionRupeesPerDay * 100) }),
  check: async (tx, actor, input) => {
    await checkPlantRef(tx, actor.industryId, input.plantId);
    await checkCarrierLinkRef(tx, actor.industryId, input.carrierLinkId);
  },
};
