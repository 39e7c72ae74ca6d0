import type { OperatorOutbound } from '../../../lib/outbound.ts';
import type { Journey } from './journey.ts';
import { parseFastag, parseFois, type RailReport, type TollRead, UlipError } from './ulip-answers.ts';
import { simulateFastag, simulateFois } from './ulip-simulator.ts';

export type UlipConfig = { url: string; username: string; password: string };

/** FASTag toll reads and FOIS rail reports, from ULIP or its built-in simulator. */
export type UlipProvider = {
  name: 'ulip' | 'simulator';
  /** FASTAG/01: the vehicle's toll reads (ULIP keeps about 72 hours); `skipped` counts unreadable reads. */
  fastag: (vehicleNumber: string, journey: Journey | null) => Promise<{ reads: TollRead[]; skipped: number }>;
  /** FOIS/01: the rake's last report, null for an FNR FOIS does not know. */
  fois: (fnr: string, journey: Journey | null) => Promise<RailReport | null>;
};

/** A ULIP token is good for a while; we renew it well before and whenever ULIP answers 401. */
const TOKEN_MINUTES = 25;

/**
 * The real ULIP (`ULIP_URL`, `ULIP_USERNAME`, `ULIP_PASSWORD`): `POST /user/login` for a bearer
 * token, then `POST /FASTAG/01 { vehiclenumber }` and `POST /FOIS/01 { fnrnumber }`, every call
 * through the safe outbound client.
 */
function createUlipClient(config: UlipConfig, outbound: OperatorOutbound): UlipProvider {
  const base = config.url.replace(/\/$/, '');
  let held: { token: string; until: number } | null = null;
  const post = async (path: string, body: unknown, token?: string) => {
    let res: Awaited<ReturnType<OperatorOutbound['request']>>;
    try {
      res = await outbound.request(`${base}/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
        timeoutMs: 15_000,
      });
    } catch (err) {
      throw new UlipError(`ULIP cannot be reached: ${(err as Error).message}`, true);
    }
    if (res.status === 401) {
      return { status: 401, json: null };
    }
    if (res.status >= 500) {
      throw new UlipError(`ULIP failed (${res.status}).`, true);
    }
    try {
      return { status: res.status, json: JSON.parse(res.body.toString('utf8')) as unknown };
    } catch {
      throw new UlipError(`ULIP answered ${res.status} without JSON.`, res.status >= 500);
    }
  };
  const token = async (fresh = false) => {
    if (!fresh && held && held.until > Date.now()) {
      return held.token;
    }
    const { json } = await post('user/login', { username: config.username, password: config.password });
    const answer = json as { response?: { id?: string }; error?: unknown; message?: string } | null;
    const t = answer?.response?.id;
    if (!t || String(answer?.error) === 'true') {
      throw new UlipError(`ULIP refused the login: ${answer?.message ?? 'no reason given'}`, false);
    }
    held = { token: t, until: Date.now() + TOKEN_MINUTES * 60_000 };
    return t;
  };
  const call = async (path: string, body: unknown) => {
    let answer = await post(path, body, await token());
    if (answer.status === 401) {
      answer = await post(path, body, await token(true));
    }
    if (answer.status === 401) {
      throw new UlipError('ULIP refused the token twice.', false);
    }
    return answer.json;
  };
  return {
    name: 'ulip',
    fastag: async (vehicleNumber) => parseFastag(await call('FASTAG/01', { vehiclenumber: vehicleNumber })),
    fois: async (fnr) => parseFois(await call('FOIS/01', { fnrnumber: fnr }), fnr),
  };
}

/** The simulator, read through the same parsers as the real answers. `clock` is for tests. */
export function createUlipSimulator(clock: () => Date = () => new Date()): UlipProvider {
  return {
    name: 'simulator',
    fastag: async (vehicleNumber, journey) => parseFastag(simulateFastag(vehicleNumber, journey, clock())),
    fois: async (fnr, journey) => parseFois(simulateFois(fnr, journey, clock()), fnr),
  };
}

/** ULIP when configured, else the simulator. */
export function createUlipProvider(config: UlipConfig | undefined, outbound: OperatorOutbound): UlipProvider {
  return config ? createUlipClient(config, outbound) : createUlipSimulator();
}
