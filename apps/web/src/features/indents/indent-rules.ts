import type { IndentSummary } from '@freightdesk/shared/schemas/indent';

export type Direction = 'outbound' | 'inbound';

/** The direction of an indent's orders and spot request (request type 2 is inbound, any other outbound). */
export const directionOf = (indent: Pick<IndentSummary, 'requestType'>): Direction => (indent.requestType === 2 ? 'inbound' : 'outbound');

/** Where a spot indent's transport request is raised, prefilled from it. */
export const spotRequestPath = (indent: Pick<IndentSummary, 'id' | 'requestType'>) =>
  `/request/${directionOf(indent)}/new/spot-indent/${indent.id}`;

/** Nobody has taken a vehicle yet: the indent can still change (else cancel it and place a new one). */
export const editable = (i: Pick<IndentSummary, 'status' | 'acceptedVehicles'>) => i.status === 'open' && i.acceptedVehicles === 0;

/**
 * Its carriers can change, and it can be cancelled, while carriers are being asked, or as a spot
 * indent not yet raised as a request (new backups take it back).
 */
export const stillOpen = (i: Pick<IndentSummary, 'status'> & { spotRequestId: number | null }) =>
  i.status === 'open' || (i.status === 'spot' && !i.spotRequestId);
