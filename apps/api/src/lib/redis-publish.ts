import type { FastifyBaseLogger } from 'fastify';

/**
 * Makes a Redis client's `publish` answer 0 instead of rejecting. The Socket.IO Redis adapter
 * publishes every broadcast without awaiting it, and node-redis rejects the publishes in flight
 * when the connection breaks (the client reconnects by itself); such an unhandled rejection would
 * end the process. A live event lost this way only delays a screen until its next refetch.
 */
export function publishWithoutRejecting<A extends unknown[], R>(
  client: { publish: (...args: A) => Promise<R> },
  log: Pick<FastifyBaseLogger, 'warn'>,
): void {
  const publish = client.publish.bind(client);
  client.publish = (...args: A) =>
    publish(...args).catch((err: unknown) => {
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'Redis publish failed; a live event is lost');
      return 0 as R;
    });
}
