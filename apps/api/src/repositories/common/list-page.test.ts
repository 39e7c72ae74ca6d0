import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders.ts';
import { pageTotal, vehicleMatch } from './list-page.ts';

/** The list machinery's rules that need no database: when a page is counted, when a search reads the vehicle index. */

describe('pageTotal', () => {
  const never = async () => {
    throw new Error('counted');
  };
  it('counts only when the page cannot tell', async () => {
    expect(await pageTotal(0, 25, 7, never)).toEqual({ total: 7 });
    expect(await pageTotal(50, 25, 25, never)).toEqual({ total: 75 });
    expect(await pageTotal(9_975, 25, 26, never)).toEqual({ total: 10_000, totalCapped: true });
    expect(await pageTotal(0, 25, 26, async (limit) => limit)).toEqual({ total: 10_000, totalCapped: true });
    expect(await pageTotal(0, 25, 26, async () => 9_999)).toEqual({ total: 9_999 });
    expect(await pageTotal(50_000, 25, 0, async () => 12_345)).toEqual({ total: 12_345 });
  });
  it('remembers for a few seconds that a list passed the cap, never an exact total; on its own database', async () => {
    const [db, other] = [{}, {}];
    const big = { db, list: 'big' };
    expect(await pageTotal(0, 25, 26, async (limit) => limit, { key: big })).toEqual({ total: 10_000, totalCapped: true });
    expect(await pageTotal(25, 25, 26, never, { key: big })).toEqual({ total: 10_000, totalCapped: true });
    // The same list on another database is counted there.
    expect(await pageTotal(0, 25, 26, async () => 700, { key: { db: other, list: 'big' } })).toEqual({ total: 700 });
    const small = { db, list: 'small' };
    expect(await pageTotal(0, 25, 26, async () => 500, { key: small })).toEqual({ total: 500 });
    expect(await pageTotal(0, 25, 26, async () => 499, { key: small })).toEqual({ total: 499 });
  });
});

describe('vehicleMatch', () => {
  const rendered = (search: string) => {
    const { sql: text, params } = new PgDialect().sqlToQuery(vehicleMatch(orders.vehicleNumber, search));
    return { sql: text, params };
  };
  it('reads the vehicle index only for a text that can be part of a vehicle number', () => {
    expect(rendered('mh 12-ab')).toEqual({ sql: '"orders"."vehicle_number" like $1', params: ['%MH12AB%'] });
    expect(rendered('MH12ABC1234').params).toEqual(['%MH12ABC1234%']);
    // A whole order number is longer than any vehicle number; a name has other characters.
    expect(rendered('ORD-2026-0997996')).toEqual({ sql: 'false', params: [] });
    expect(rendered('Shree Logistics')).toEqual({ sql: 'false', params: [] });
  });
});
