import type { AddressInfo, Server } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/**
 * Listens with a test file's server (createPortServer's) on a free port of 127.0.0.1 before its
 * tests, and afterwards ends every connection and closes it. Returns the port, once listening.
 */
export function usePortServer(server: Server & { closeAll: () => void }): () => number {
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAll();
    await new Promise((resolve) => server.close(resolve));
  });
  return () => port;
}
