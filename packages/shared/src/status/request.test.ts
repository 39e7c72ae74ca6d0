import { describe, expect, it } from 'vitest';
import { canMoveRequest, REQUEST_STATUSES, REQUEST_TRANSITIONS, statusForWindow } from './request.ts';

describe('request lifecycle', () => {
  it('allows only the documented moves', () => {
    expect(canMoveRequest('draft', 'scheduled')).toBe(true);
    expect(canMoveRequest('open', 'closed')).toBe(true);
    expect(canMoveRequest('closed', 'awarded')).toBe(true);
    expect(canMoveRequest('awarded', 'open')).toBe(false);
    expect(canMoveRequest('closed', 'open')).toBe(false);
    expect(canMoveRequest('cancelled', 'draft')).toBe(false);
  });
  it('ends in awarded, cancelled or expired', () => {
    const terminal = REQUEST_STATUSES.filter((s) => REQUEST_TRANSITIONS[s].length === 0);
    expect(terminal).toEqual(['awarded', 'cancelled', 'expired']);
  });
  it('derives the status from the bid window', () => {
    const start = new Date('2026-11-22T10:00:00Z');
    const end = new Date('2026-11-22T12:00:00Z');
    expect(statusForWindow(start, end, new Date('2026-11-22T09:00:00Z'))).toBe('scheduled');
    expect(statusForWindow(start, end, new Date('2026-11-22T10:00:00Z'))).toBe('open');
    expect(statusForWindow(start, end, new Date('2026-11-22T12:00:00Z'))).toBe('closed');
  });
});
