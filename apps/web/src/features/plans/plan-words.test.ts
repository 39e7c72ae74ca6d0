import { describe, expect, it } from 'vitest';
import { planCardText, planLimitsText } from './plan-words.ts';

describe('plan words (issue 38)', () => {
  it('says 1 member and 1 plant, never "1 plants"', () => {
    expect(planCardText({ durationDays: 1, noOfMembers: 1, noOfPlants: 1 })).toBe('1 day · 1 member · 1 plant');
    expect(planCardText({ durationDays: 30, noOfMembers: 5, noOfPlants: 2 })).toBe('30 days · 5 members · 2 plants');
    expect(planLimitsText({ noOfMembers: 10, noOfPlants: 1 })).toBe('Up to 10 members and 1 plant');
  });
});
