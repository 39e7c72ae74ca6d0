import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { maintainPositions } from './retention.ts';
import { rowsOf } from '../../db/rows.ts';

const t = useTestApp();

describe('retention', () => {
  it('the daily job removes positions older than the retention and keeps the rest', async () => {
    const DAY = 86_400_000;
    // The job as it ran 200 days ago made that week's storage (PostgreSQL: its partition).
    await maintainPositions(t.database, 180, new Date(Date.now() - 200 * DAY));
    const old = new Date(Date.now() - 200 * DAY);
    await t.database.db.execute(sql`insert into positions (source, fix_time, received_at, latitude, longitude, valid)
      values ('osmand', ${old.toISOString()}::timestamptz, ${old.toISOString()}::timestamptz, 19, 73, true)`);
    const count = async () =>
      rowsOf<{ old: number; all: number }>(
        await t.database.db.execute(
          sql`select count(*) filter (where fix_time < now() - interval '180 days')::int as old, count(*)::int as all from positions`,
        ),
      )[0];
    const before = await count();
    expect(before?.old).toBe(1);
    const done = await maintainPositions(t.database, 180);
    expect(done.deleted + done.dropped.length).toBeGreaterThan(0);
    const after = await count();
    expect(after).toEqual({ old: 0, all: (before?.all ?? 0) - 1 });
  });
});
