import type { Direction } from '../request-list.tsx';

/**
 * Query keys of a direction's request calls. Everything sits under `[requests/<dir>]` (the prefix
 * useMasterList/useMasterOne use too), so one invalidation of `all(dir)` after a write, or a live
 * bid event, refreshes the list, the request, its bids and its history together.
 */
export const requestKeys = {
  all: (dir: Direction) => [`requests/${dir}`] as const,
  bids: (dir: Direction, requestId: number) => [`requests/${dir}`, 'bids', requestId] as const,
  bid: (dir: Direction, requestId: number, bidId: number) => [`requests/${dir}`, 'bid', requestId, bidId] as const,
  history: (dir: Direction, requestId: number) => [`requests/${dir}`, 'history', requestId] as const,
};
