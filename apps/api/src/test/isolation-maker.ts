import type { Procurement } from './procurement.ts';
import type { TestContext } from './harness.ts';

/** Every record of the demo shipper the isolation test aims at carries this mark in its name. */
export const MARK = 'Zqxv';

export type Call = (
  method: string,
  url: string,
  payload?: unknown,
) => Promise<{ statusCode: number; body: string; json: () => { data: { id: number } } }>;

/** What each step of createFixtures works with: the procurement setup, the owner's calls and the ids and bodies made. */
export type Maker = {
  t: TestContext;
  p: Procurement;
  owner: string;
  call: Call;
  made: (url: string, body: unknown, key: string) => Promise<number>;
  ids: Record<string, number>;
  bodies: Record<string, unknown>;
};
