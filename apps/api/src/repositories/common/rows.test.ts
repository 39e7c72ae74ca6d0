import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { isoFromTimestamptz } from './rows.ts';

const t = useTestApp();

describe('a timestamptz read as its ISO string', () => {
  it('answers what a Date would, for every shape PostgreSQL writes', () => {
    const texts = [
      '2026-11-25 05:33:37+00',
      '2026-11-25 05:33:37.5+00',
      '2026-11-25 05:33:37.12+00',
      '2026-11-25 05:33:37.123+00',
      '2026-11-25 05:33:37.123999+00',
      '2026-11-25 05:33:37.000001+00',
      // Another time zone, a year of three digits: through a Date.
      '2026-11-25 11:03:37.1234+05:30',
      '2026-11-24 19:03:37-10:30',
      '0999-01-01 00:00:00+00',
    ];
    for (const text of texts) {
      expect(isoFromTimestamptz(text), text).toBe(new Date(text).toISOString());
    }
  });

  it('matches the database’s own text, whatever its session time zone', async () => {
    for (const [zone, offset] of [
      ['UTC', '+00'],
      ['Asia/Kolkata', '+05:30'],
    ] as const) {
      // SET LOCAL: this transaction's connection only, and only until it ends.
      const found = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local time zone '${zone}'`));
        const result = (await tx.execute(
          sql`select (timestamptz '2026-11-25 05:33:37.123456+00' + make_interval(secs => g * 3671.5))::text as text,
            to_char((timestamptz '2026-11-25 05:33:37.123456+00' + make_interval(secs => g * 3671.5)) at time zone 'UTC',
              'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as iso
            from generate_series(0, 40) g`,
        )) as unknown as { rows: { text: string; iso: string }[] };
        return result.rows;
      });
      expect(found).toHaveLength(41);
      for (const r of found) {
        expect(r.text.endsWith(offset), r.text).toBe(true);
        expect(isoFromTimestamptz(r.text), `${zone}: ${r.text}`).toBe(r.iso);
      }
    }
  });
});
