import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * The API processes running on this database (issue 36, `api_nodes`): a heartbeat row each. No
 * viewer: the platform's own bookkeeping, never shown to a user.
 */
export type ApiNode = { id: string; host: string; pid: number; filesFolder: string | null; filesShared: boolean };
export type LiveNode = ApiNode & { seenSecondsAgo: number };

type Row = { id: string; host: string; pid: number; files_folder: string | null; files_shared: boolean; seen_seconds_ago: number | string };

export const upsertNodeQuery = (node: ApiNode): SQL => sql`
  insert into api_nodes (id, host, pid, files_folder, files_shared)
  values (${node.id}, ${node.host}, ${node.pid}, ${node.filesFolder}, ${node.filesShared})
  on conflict (id) do update set seen_at = now()`;

export const otherNodesQuery = (id: string, freshSeconds: number): SQL => sql`
  select id, host, pid, files_folder, files_shared, extract(epoch from now() - seen_at)::float8 as seen_seconds_ago
  from api_nodes where id <> ${id} and seen_at > now() - make_interval(secs => ${freshSeconds})
  order by started_at`;

export const deleteNodeQuery = (id: string): SQL => sql`delete from api_nodes where id = ${id}`;

export const deleteStaleNodesQuery = (olderThanSeconds: number): SQL =>
  sql`delete from api_nodes where seen_at < now() - make_interval(secs => ${olderThanSeconds})`;

/** Writes this node's row, or marks it seen now (the heartbeat; a row removed meanwhile comes back). */
export async function beatNode(db: Db, node: ApiNode): Promise<void> {
  await db.execute(upsertNodeQuery(node));
}

/** The other nodes seen within `freshSeconds`, the oldest first. */
export async function otherLiveNodes(db: Db, id: string, freshSeconds: number): Promise<LiveNode[]> {
  return rowsOf<Row>(await db.execute(otherNodesQuery(id, freshSeconds))).map((r) => ({
    id: r.id,
    host: r.host,
    pid: r.pid,
    filesFolder: r.files_folder,
    filesShared: r.files_shared,
    seenSecondsAgo: Number(r.seen_seconds_ago),
  }));
}

/** Removes a node's row (it stopped, or it was found dead). */
export async function deleteNode(db: Db, id: string): Promise<void> {
  await db.execute(deleteNodeQuery(id));
}

/** Removes the rows of nodes gone long ago (killed, never deleted their row). */
export async function deleteStaleNodes(db: Db, olderThanSeconds: number): Promise<void> {
  await db.execute(deleteStaleNodesQuery(olderThanSeconds));
}
