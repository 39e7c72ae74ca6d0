import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requiredMessages } from './required-fields.ts';

const schema = z.object({
  name: z.string().min(1, 'Name is required'),
  latitude: z.number(),
  gstin: z.string(),
  radius: z.number().optional(),
  nested: z.object({ count: z.number() }),
});
const labels = { latitude: 'Latitude', gstin: 'GSTIN', 'nested.count': 'Count' };

function messages(input: unknown): Record<string, string> {
  const result = schema.safeParse(input, requiredMessages(labels));
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('required field messages', () => {
  it('names the empty field by its label', () => {
    expect(messages({ name: 'x', nested: {} })).toEqual({
      latitude: 'Latitude is required',
      gstin: 'GSTIN is required',
      'nested.count': 'Count is required',
    });
    expect(messages({ name: 'x', latitude: Number.NaN, gstin: 'a', nested: { count: 1 } })).toEqual({
      latitude: 'Latitude is required',
    });
  });
  it("keeps the schema's own messages and wrong-type messages", () => {
    const m = messages({ name: '', latitude: 'north', gstin: 'a', nested: { count: 1 } });
    expect(m.name).toBe('Name is required');
    expect(m.latitude).not.toBe('Latitude is required');
  });
});
