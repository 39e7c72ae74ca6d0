import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createLocalStorage } from '../lib/storage.ts';
import { caller, offlineOrder, type Road, setupRoad, walk } from './execution.ts';
import { useTestApp } from './harness.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * What the proof-of-delivery suites share: the app with its POD files in a scratch folder (so what
 * is left on disk can be counted), the road of the execution tests, and the calls they make.
 */
export function usePodSuite() {
  const t = useTestApp();
  const call = caller(t);
  const dir = mkdtempSync(path.join(tmpdir(), 'fd-pods-'));
  let r: Road | undefined;
  const road = (): Road => {
    if (!r) {
      throw new Error('the road is set up before the first test');
    }
    return r;
  };
  const good = () => ({ receiverName: 'Store keeper Patil', receiverMobile: '9823098230', deliveredAt: new Date().toISOString() });
  const filesOnDisk = () => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
  const detail = async (id: number) => (await call('GET', `/api/orders/outbound/${id}`, road().owner)).json().data;
  const decide = (id: number, what: 'accept' | 'reject', body: object = {}, token = road().owner, direction = 'outbound') =>
    call('POST', `/api/orders/${direction}/${id}/pod/${what}`, token, body);
  /** The order's POD versions and its documents not deleted. */
  const counts = async (id: number) =>
    rows<{ pods: number; docs: number }>(
      await t.database.db.execute(sql`select
        (select count(*)::int from pods where order_id = ${id}) as pods,
        (select count(*)::int from documents where owner_type = 'order' and owner_id = ${id} and deleted_at is null) as docs`),
    )[0];
  /** An outbound offline order of Vayu, walked through the gate to arrived at the destination. */
  const arrived = async () => {
    const order = await offlineOrder(t, road(), 'outbound');
    await walk(t, road(), 'outbound', order, 'arrived');
    return order;
  };
  const suite = {
    t,
    call,
    /** The execution tests' road, set up before the first test. */
    get r() {
      return road();
    },
    filesOnDisk,
    detail,
    decide,
    /** A delivery's fields that pass every check. */
    good,
    counts,
    arrived,
  };
  beforeAll(async () => {
    t.app.deps.storage = createLocalStorage(dir);
    r = await setupRoad(t);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return suite;
}
