import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/client.ts';
import {
  type ApiNode,
  beatNode,
  deleteNode,
  deleteStaleNodes,
  type LiveNode,
  otherLiveNodes,
} from '../repositories/api-nodes.repository.ts';
import type { Storage } from './storage.ts';

/** A node writes its heartbeat row this often; one not seen for `FRESH_SECONDS` is gone (it was killed). */
export const HEARTBEAT_MS = 5_000;
export const FRESH_SECONDS = 15;

/** This node cannot run beside the others (its files would not be theirs). */
export class NodeConflictError extends Error {}

export type NodeMembership = { id: string; stop: () => Promise<void> };
type Log = { warn: (obj: object, msg: string) => void };

/** The local folder a store keeps its files in, or undefined for a store every node reaches (an object store). */
export function localFolderOf(storage: Storage): string | undefined {
  return 'root' in storage && typeof storage.root === 'string' ? storage.root : undefined;
}

/** Who this process is: its host's name and its pid (a test names others). */
export type NodeSelf = { host: string; pid: number };

/** A row of an earlier run of this very host's process (restarted after SIGKILL): its process is gone. */
function isDeadPredecessor(node: LiveNode, self: NodeSelf): boolean {
  if (node.host !== self.host) {
    return false;
  }
  if (node.pid === self.pid) {
    return true;
  }
  try {
    process.kill(node.pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

const keepsFilesAlone = (node: Pick<ApiNode, 'filesFolder' | 'filesShared'>) => node.filesFolder !== null && !node.filesShared;

/** Why this node may not run beside `other`, in words an operator acts on; undefined when it may. */
export function conflictWith(me: ApiNode, other: LiveNode): string | undefined {
  const seen = `host ${other.host}, pid ${other.pid}, seen ${Math.round(other.seenSecondsAgo)} s ago`;
  const fix =
    'Keep files where every node reaches them: declare the folder shared with FILE_STORE_SHARED=true when it is one network ' +
    'folder mounted at the same path on every node, or use an object store. A node stopped by SIGKILL counts for ' +
    `${FRESH_SECONDS} s after its last heartbeat.`;
  if (keepsFilesAlone(me)) {
    return `Another API node runs on this database (${seen}), and this node keeps uploaded files in its local folder ${me.filesFolder}, which the other cannot read (FILE_STORE_SHARED is not true). ${fix}`;
  }
  if (keepsFilesAlone(other)) {
    return `Another API node runs on this database (${seen}) and keeps uploaded files in its own local folder ${other.filesFolder}, not declared shared: this node could not read them. ${fix}`;
  }
  return undefined;
}

/**
 * Joins the API nodes of this database (issue 36): writes this node's heartbeat row, then refuses
 * (NodeConflictError) when another live node and this one cannot share files; otherwise keeps the
 * row fresh until `stop()`, which removes it.
 */
export async function joinNodes(
  db: Db,
  files: { folder: string | undefined; shared: boolean },
  log: Log,
  self: NodeSelf = { host: hostname(), pid: process.pid },
): Promise<NodeMembership> {
  const me: ApiNode = { id: randomUUID(), ...self, filesFolder: files.folder ?? null, filesShared: files.shared };
  await deleteStaleNodes(db, 24 * 3600);
  await beatNode(db, me);
  for (const other of await otherLiveNodes(db, me.id, FRESH_SECONDS)) {
    if (isDeadPredecessor(other, self)) {
      await deleteNode(db, other.id);
      continue;
    }
    const why = conflictWith(me, other);
    if (why) {
      await deleteNode(db, me.id);
      throw new NodeConflictError(why);
    }
  }
  const timer = setInterval(() => {
    beatNode(db, me).catch((err: unknown) => log.warn({ err }, 'API node heartbeat failed'));
  }, HEARTBEAT_MS);
  timer.unref();
  return {
    id: me.id,
    stop: async () => {
      clearInterval(timer);
      await deleteNode(db, me.id).catch((err: unknown) => log.warn({ err }, 'API node row not removed; it goes stale by itself'));
    },
  };
}
