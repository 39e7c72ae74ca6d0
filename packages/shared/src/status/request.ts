/**
 * Transport request lifecycle (product.md section 3):
 * draft → scheduled (bid start ahead) → open (bidding) → closed (bid end passed) →
 * awarded | expired; draft, scheduled and open may be cancelled.
 */
export const REQUEST_STATUSES = ['draft', 'scheduled', 'open', 'closed', 'awarded', 'cancelled', 'expired'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_STATUS_LABEL: Record<RequestStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  open: 'Open',
  closed: 'Closed',
  awarded: 'Awarded',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export const REQUEST_TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  draft: ['scheduled', 'open', 'cancelled'],
  scheduled: ['open', 'cancelled', 'draft'],
  open: ['closed', 'cancelled'],
  closed: ['awarded', 'expired'],
  awarded: [],
  cancelled: [],
  expired: [],
};

export function canMoveRequest(from: RequestStatus, to: RequestStatus): boolean {
  return REQUEST_TRANSITIONS[from].includes(to);
}

/** The status a published request takes from its bid window at `now`. */
export function statusForWindow(bidStart: Date, bidEnd: Date, now: Date): RequestStatus {
  if (now >= bidEnd) {
    return 'closed';
  }
  return now >= bidStart ? 'open' : 'scheduled';
}
