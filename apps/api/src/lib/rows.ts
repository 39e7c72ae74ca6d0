import { and, gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Turns the Date columns createdAt / updatedAt of a raw row into ISO strings for the API. */
export function withIsoDates<T>(raw: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...raw };
  for (const key of ['createdAt', 'updatedAt']) {
    const v = out[key];
    if (v instanceof Date) {
      out[key] = v.toISOString();
    }
  }
  return out as T;
}

/** The start of a calendar day (YYYY-MM-DD) in India time, `add` days later. */
export const indiaDay = (d: string, add = 0) => new Date(new Date(`${d}T00:00:00+05:30`).getTime() + add * 86_400_000);

/** `column` within the days from … to (both included, India time); either end may be open. */
export function inDays(column: PgColumn, from?: string, to?: string): SQL | undefined {
  return and(from ? gte(column, indiaDay(from)) : undefined, to ? lt(column, indiaDay(to, 1)) : undefined);
}
