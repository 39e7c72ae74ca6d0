import type { TripPosition } from './api/trip-moves.ts';

/** Send every ~30 s, or as soon as 10 positions wait. */
export const BATCH_EVERY_MS = 30_000;
export const BATCH_SIZE = 10;
/** At most this many go in one call (the API takes 1..50). */
export const BATCH_MAX = 50;
/** Kept in memory without network: about four hours at one position a minute; the oldest go first. */
export const QUEUE_CAP = 240;

/** A batch being sent, under its key: sent again under the same key until it is answered. */
export type Batch = { positions: TripPosition[]; key: string };

/**
 * The positions of a sharing phone, waiting to be sent in batches (record 0302). Pure: the page's
 * hook gives it positions and the clock, and sends what `take` hands out.
 */
export class PositionQueue {
  private waiting: TripPosition[] = [];
  private inFlight: Batch | null = null;
  private lastSentAt: number;

  constructor(
    now: number,
    private readonly newKey: () => string,
    private readonly cap = QUEUE_CAP,
  ) {
    this.lastSentAt = now;
  }

  /** Adds a position; past the cap the oldest waiting one is dropped. */
  add(position: TripPosition): void {
    this.waiting.push(position);
    const held = this.waiting.length + (this.inFlight?.positions.length ?? 0);
    if (held > this.cap) {
      this.waiting.splice(0, held - this.cap);
    }
  }

  /** How many positions are held (waiting or being sent). */
  get size(): number {
    return this.waiting.length + (this.inFlight?.positions.length ?? 0);
  }

  /** Is a send due: a batch to retry, 10 waiting, or some waiting for 30 s. */
  due(now: number): boolean {
    if (this.inFlight) {
      return true;
    }
    return this.waiting.length >= BATCH_SIZE || (this.waiting.length > 0 && now - this.lastSentAt >= BATCH_EVERY_MS);
  }

  /** The batch to send now: the unanswered one again (same key), else up to 50 waiting under a new key. */
  take(): Batch | null {
    if (!this.inFlight && this.waiting.length > 0) {
      this.inFlight = { positions: this.waiting.splice(0, BATCH_MAX), key: this.newKey() };
    }
    return this.inFlight;
  }

  /** The batch was answered (accepted, or refused for good): it leaves the queue. */
  sent(now: number): void {
    this.inFlight = null;
    this.lastSentAt = now;
  }

  /** Forgets everything (sharing stopped, or the link ended). */
  clear(): void {
    this.waiting = [];
    this.inFlight = null;
  }
}
