export type Dir = 'inbound' | 'outbound';
/** The socket's and the policy's number for a direction. */
export const DIRECTION: Record<Dir, 1 | 2> = { outbound: 1, inbound: 2 };

/** Every tracking query starts with this, so a socket event refetches what is on screen. */
export const TRACKING_KEY = ['tracking'] as const;
export const orderTrackKey = (dir: Dir, id: number) => [...TRACKING_KEY, dir, 'order', id];
export const boardKey = (dir: Dir) => [...TRACKING_KEY, dir, 'board'];
export const MAP_KEY = [...TRACKING_KEY, 'map'];
export const linksKey = (dir: Dir, id: number) => [...orderTrackKey(dir, id), 'links'];
