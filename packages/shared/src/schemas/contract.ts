import { z } from 'zod';
import { idQuery, listQuerySchema, requiredText, rupeesSchema } from './common.ts';

/** Contracts (issue 11): made by an RFQ award, one per carrier; active until their period ends. */
export const CONTRACT_STATUSES = ['active', 'expired', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_STATUS_LABEL: Record<ContractStatus, string> = { active: 'Active', expired: 'Expired', terminated: 'Terminated' };

/** The list's filters: status, and the RFQ whose award made the contracts. */
export const contractListQuerySchema = listQuerySchema.extend({ status: z.enum(CONTRACT_STATUSES).optional(), rfqId: idQuery.optional() });
export type ContractListQuery = z.infer<typeof contractListQuerySchema>;

export const contractTerminateSchema = z.object({ reason: requiredText('Reason', 500) });

export type ContractSummary = {
  id: number;
  number: string;
  status: ContractStatus;
  rfqId: number | null;
  rfqNumber: string | null;
  plantId: number;
  plantName: string;
  carrierLinkId: number;
  carrierName: string;
  validFrom: string;
  validTo: string;
  lanes: number;
  updatedAt: string;
};

export type ContractDetail = ContractSummary & {
  slaText: string | null;
  terminatedAt: string | null;
  terminationReason: string | null;
  laneList: {
    id: number;
    rfqLaneId: number;
    seq: number;
    label: string;
    vehicleTypeName: string;
    /** The lane's trips a month, all carriers together. */
    tripsPerMonth: number;
    sharePct: number;
    /** This contract's part of them (trips × share, one decimal): what the carrier is to run. */
    shareTripsPerMonth: number;
    rateRupees: number;
    /** Every rate the lane has had, oldest first: the award, later rounds, amendments. */
    history: { rateRupees: number; reason: string; at: string }[];
  }[];
};

/** A lane's new rate agreed during the contract (an amendment); orders placed before keep theirs. */
export const contractAmendSchema = z.object({
  rateRupees: rupeesSchema('New rate'),
  reason: requiredText('Reason', 500),
});
export type ContractAmend = z.infer<typeof contractAmendSchema>;

/** How the carrier has served the contract so far (from its indent turns and their orders). */
export type ContractPerformance = {
  /** Indent turns this contract's carrier was asked, and how they ended. */
  turnsAsked: number;
  turnsAccepted: number;
  turnsRejected: number;
  turnsExpired: number;
  vehiclesAsked: number;
  vehiclesAccepted: number;
  /** Accepted of asked vehicles, in per cent (null before any ask). */
  acceptancePct: number | null;
  orders: number;
  ordersDelivered: number;
  /** Orders whose vehicle reported by the reporting time, of those reported (null before any). */
  onTimePlacementPct: number | null;
  /** Each lane: vehicles taken this India-time month against its share of the lane's month. */
  lanes: { contractLaneId: number; label: string; sharePct: number; takenThisMonth: number; laneTakenThisMonth: number }[];
};

export type ContractOrder = {
  id: number;
  number: string;
  status: string;
  requestType: 1 | 2;
  indentId: number | null;
  indentNumber: string | null;
  vehicleNumber: string | null;
  priceRupees: number;
  pickupAt: string;
};

/** A carrier's trips a month on a lane: the lane's trips × its share, to one decimal. */
export const shareOfTrips = (tripsPerMonth: number, sharePct: number) => Math.round((tripsPerMonth * sharePct) / 10) / 10;
