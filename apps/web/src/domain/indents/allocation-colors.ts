import type { AllocationStatus } from '@freightdesk/shared/schemas/indent';

/** The badge colour of a carrier's turn on an indent, the same on the shipper's and the carrier's pages. */
export const ALLOCATION_STATUS_COLOR: Record<AllocationStatus, string> = {
  queued: 'gray',
  offered: 'blue',
  accepted: 'teal',
  rejected: 'red',
  expired: 'orange',
  passed: 'orange',
  skipped: 'gray',
};
