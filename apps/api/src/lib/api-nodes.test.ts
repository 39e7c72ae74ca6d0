import { describe, expect, it } from 'vitest';
import { apiNodes } from '../db/schema/jobs.ts';
import { useTestApp } from '../test/harness.ts';
import { joinNodes, NodeConflictError } from './api-nodes.ts';

const t = useTestApp();
const quiet = { warn: () => undefined };
const rows = () => t.database.db.select().from(apiNodes);
/** Nodes on hosts of their own (in one test process, each would take the others for its own earlier run). */
let hosts = 0;
const join = (folder: string | undefined, shared: boolean) =>
  joinNodes(t.database.db, { folder, shared }, quiet, { host: `api-${++hosts}.test`, pid: process.pid });

describe('API nodes: the heartbeat row and the shared files rule (issue 36)', () => {
  it('refuses a second node while either keeps files in a folder not declared shared; leaving removes the row', async () => {
    const first = await join('/srv/a/files', false);
    expect((await rows()).map((r) => r.id)).toEqual([first.id]);
    await expect(join('/srv/b/files', true)).rejects.toThrow(
      /keeps uploaded files in its own local folder \/srv\/a\/files, not declared shared/,
    );
    await expect(join(undefined, false)).rejects.toThrow(NodeConflictError);
    // The refused nodes left no row behind.
    expect((await rows()).map((r) => r.id)).toEqual([first.id]);
    await first.stop();
    expect(await rows()).toEqual([]);
  });

  it('lets nodes run together when every folder is declared shared, or there is none', async () => {
    const a = await join('/mnt/shared/files', true);
    const b = await join(undefined, false);
    await expect(join('/srv/alone/files', false)).rejects.toThrow(
      /this node keeps uploaded files in its local folder \/srv\/alone\/files[\s\S]*FILE_STORE_SHARED=true/,
    );
    expect((await rows()).length).toBe(2);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('takes the fresh row of a dead process on this host for its own earlier run (restarted after SIGKILL)', async () => {
    // pid 2^22 + 1 is above Linux's highest pid: no process has it.
    await t.database.db.insert(apiNodes).values({ id: 'killed', host: 'api-0.test', pid: 2 ** 22 + 1, filesFolder: '/srv/files' });
    const self = { host: 'api-0.test', pid: process.pid };
    const restarted = await joinNodes(t.database.db, { folder: '/srv/files', shared: false }, quiet, self);
    expect((await rows()).map((r) => r.id)).toEqual([restarted.id]);
    await restarted.stop();
  });

  it('counts a live node elsewhere until its heartbeat is 15 s old', async () => {
    await t.database.db.insert(apiNodes).values({ id: 'other', host: 'api-2.internal', pid: 1, filesFolder: '/srv/files' });
    await expect(join('/srv/files', false)).rejects.toThrow(/host api-2.internal, pid 1/);
    await t.database.db.update(apiNodes).set({ seenAt: new Date(Date.now() - 16_000) });
    const next = await join('/srv/files', false);
    await next.stop();
  });
});
