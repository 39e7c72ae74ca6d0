import { describe, expect, it } from 'vitest';
import { nextDeadline } from './use-indent.ts';

describe('nextDeadline', () => {
  it('is the earliest deadline of a carrier being asked now', () => {
    expect(
      nextDeadline([
        { status: 'expired', deadlineAt: '2026-01-01T08:00:00.000Z' },
        { status: 'offered', deadlineAt: '2026-01-01T12:00:00.000Z' },
        { status: 'offered', deadlineAt: '2026-01-01T10:00:00.000Z' },
        { status: 'queued', deadlineAt: null },
      ]),
    ).toBe('2026-01-01T10:00:00.000Z');
  });

  it('is null when nobody is being asked', () => {
    expect(nextDeadline([{ status: 'accepted', deadlineAt: '2026-01-01T08:00:00.000Z' }])).toBeNull();
    expect(nextDeadline([])).toBeNull();
  });
});
