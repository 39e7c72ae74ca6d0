import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TRACKING_SETTINGS, TRACKING_SETTINGS_DEFAULT_VERSION } from '@freightdesk/shared/schemas/tracking-settings';
import { useTestApp } from '../../test/harness.ts';
import { createStaff } from '../../test/staff.ts';
import { trackingSettingsOf } from './tracking-settings.service.ts';

const t = useTestApp();
const URL = '/api/settings/tracking';
const mine = { haltMinutes: 45, noSignalMinutes: 90, publicLinkGraceHours: 48, simPingMinutes: 30, arrivalDwellMinutes: 8 };

const get = (token: string) => t.app.inject({ method: 'GET', url: URL, headers: t.as(token) });
const put = (token: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: URL, headers: { ...t.as(token), ...headers }, payload });
const industryOf = async (email: string) =>
  Number(
    (
      (await t.database.db.execute(sql`select industry_id from users where email = ${email}`)) as unknown as {
        rows: { industry_id: number }[];
      }
    ).rows[0]?.industry_id,
  );

describe('tracking settings', () => {
  it('answers the defaults until saved, then the saved values; the scan reads them by shipper', async () => {
    const other = await t.login('noplan@demo.test');
    const before = await get(other);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual({
      ...DEFAULT_TRACKING_SETTINGS,
      isDefault: true,
      retentionDays: 180,
      updatedAt: TRACKING_SETTINGS_DEFAULT_VERSION,
    });
    const saved = await put(other, mine, { 'if-match': TRACKING_SETTINGS_DEFAULT_VERSION });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ ...mine, isDefault: false });
    expect((await get(other)).json().data).toEqual(saved.json().data);
    const [sunrise, demo] = [await industryOf('noplan@demo.test'), await industryOf('owner@demo.test')];
    const read = await trackingSettingsOf(t.database.db, [sunrise, demo, sunrise]);
    expect(Object.fromEntries(read)).toEqual({ [sunrise]: mine, [demo]: DEFAULT_TRACKING_SETTINGS });
  });

  it('refuses each value out of its bounds (400 naming the field), never clamping', async () => {
    const owner = await t.login('owner@demo.test');
    const valid = { ...DEFAULT_TRACKING_SETTINGS };
    const cases: [string, unknown][] = [
      ['haltMinutes', 4],
      ['haltMinutes', 721],
      ['haltMinutes', 30.5],
      ['noSignalMinutes', 9],
      ['noSignalMinutes', 1441],
      ['publicLinkGraceHours', -1],
      ['publicLinkGraceHours', 169],
      ['simPingMinutes', 4],
      ['simPingMinutes', 241],
      ['simPingMinutes', undefined],
      ['arrivalDwellMinutes', 1],
      ['arrivalDwellMinutes', 61],
      ['arrivalDwellMinutes', undefined],
    ];
    for (const [field, value] of cases) {
      const res = await put(owner, { ...valid, [field]: value });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(Object.keys(res.json().error.fields), `${field}=${value}`).toEqual([field]);
    }
    // The bounds themselves are allowed.
    const edges = { haltMinutes: 5, noSignalMinutes: 1440, publicLinkGraceHours: 0, simPingMinutes: 240, arrivalDwellMinutes: 60 };
    const res = await put(owner, edges);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject(edges);
  });

  it('refuses a save made from an older version (409 STALE), also a first save made from the defaults', async () => {
    const owner = await t.login('owner@demo.test');
    const loaded = (await get(owner)).json().data;
    const first = await put(owner, { ...mine, haltMinutes: 20 }, { 'if-match': loaded.updatedAt });
    expect(first.statusCode, first.body).toBe(200);
    const late = await put(owner, { ...mine, haltMinutes: 25 }, { 'if-match': loaded.updatedAt });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({ code: 'STALE', message: expect.stringContaining('Asha Kulkarni') });
    const fromDefaults = await put(owner, mine, { 'if-match': TRACKING_SETTINGS_DEFAULT_VERSION });
    expect(fromDefaults.statusCode).toBe(409);
    expect((await get(owner)).json().data.haltMinutes).toBe(20);
    const next = await put(owner, { ...mine, haltMinutes: 25 }, { 'if-match': first.json().data.updatedAt });
    expect(next.statusCode, next.body).toBe(200);
    expect((await put(owner, mine, { 'if-match': 'yesterday' })).json().error.fields).toHaveProperty('If-Match');
  });

  it('of two first saves at once from the defaults, keeps one and refuses the other (409)', async () => {
    const other = await t.login('noplan@demo.test');
    await t.database.db.execute(sql`delete from tracking_settings where industry_id = ${await industryOf('noplan@demo.test')}`);
    const version = { 'if-match': TRACKING_SETTINGS_DEFAULT_VERSION };
    const answers = await Promise.all([
      put(other, { ...mine, haltMinutes: 11 }, version),
      put(other, { ...mine, haltMinutes: 12 }, version),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const kept = answers.find((a) => a.statusCode === 200)?.json().data.haltMinutes;
    expect((await get(other)).json().data.haltMinutes).toBe(kept);
  });

  it('replays a repeated save with the same Idempotency-Key', async () => {
    const owner = await t.login('owner@demo.test');
    const key = randomUUID();
    const first = await put(owner, { ...mine, simPingMinutes: 10 }, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(200);
    const again = await put(owner, { ...mine, simPingMinutes: 10 }, { 'idempotency-key': key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await put(owner, { ...mine, simPingMinutes: 11 }, { 'idempotency-key': key })).statusCode).toBe(422);
  });

  it('needs a session (401) and a shipper user with the settings permissions (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: URL, payload: mine })).statusCode).toBe(401);
    const carrier = await t.login('carrier@demo.test');
    expect((await get(carrier)).statusCode).toBe(403);
    expect((await put(carrier, mine)).statusCode).toBe(403);
    const staff = await t.login('staff@demo.test');
    expect((await get(staff)).statusCode).toBe(403);
    expect((await put(staff, mine)).statusCode).toBe(403);
    const owner = await t.login('owner@demo.test');
    const viewer = await createStaff(t, owner, { permissions: ['bid-list'] });
    const seen = await get(viewer.token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toEqual((await get(owner)).json().data);
    expect((await put(viewer.token, mine)).statusCode).toBe(403);
    const editor = await createStaff(t, owner, { permissions: ['add-edit-delete'] });
    const edited = await put(editor.token, { ...mine, noSignalMinutes: 120 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.noSignalMinutes).toBe(120);
  });

  it("never reads nor changes another shipper's settings", async () => {
    const owner = await t.login('owner@demo.test');
    const other = await t.login('noplan@demo.test');
    const theirs = (await get(other)).json().data;
    await put(owner, { ...mine, haltMinutes: 600 });
    expect((await get(owner)).json().data.haltMinutes).toBe(600);
    expect((await get(other)).json().data).toEqual(theirs);
    await put(other, { ...mine, haltMinutes: 7 });
    expect((await get(owner)).json().data.haltMinutes).toBe(600);
    const rows = (await t.database.db.execute(
      sql`select industry_id, halt_minutes from tracking_settings order by industry_id`,
    )) as unknown as {
      rows: { industry_id: number; halt_minutes: number }[];
    };
    const expected = [
      { industry_id: await industryOf('owner@demo.test'), halt_minutes: 600 },
      { industry_id: await industryOf('noplan@demo.test'), halt_minutes: 7 },
    ];
    expect(rows.rows).toEqual(expected.sort((a, b) => a.industry_id - b.industry_id));
  });
});
