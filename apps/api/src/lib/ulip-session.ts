import type { OperatorOutbound } from './outbound.ts';

/**
 * One ULIP account's session (ULIP, the Unified Logistics Interface Platform, fronts FASTag, FOIS,
 * VAHAN, SARATHI …): `POST {base}/user/login` with the account answers a bearer token in
 * `response.id`; every API is then `POST {base}/<API>/<version>` with the token. A token is renewed
 * well before it lapses and whenever ULIP answers 401. Every call goes through the operator's
 * outbound client (OUTBOUND_ALLOW). The tracking providers and the vehicle registers share it.
 */
export type UlipConfig = { url: string; username: string; password: string };

/** The provider failed or answered something we cannot read; `retryable` when trying later may help. */
export class UlipError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** A ULIP token is good for a while; we renew it well before and whenever ULIP answers 401. */
const TOKEN_MINUTES = 25;

type Answer = { status: number; json: unknown };

async function postJson(outbound: OperatorOutbound, url: string, body: unknown, token?: string): Promise<Answer> {
  let res: Awaited<ReturnType<OperatorOutbound['request']>>;
  try {
    res = await outbound.request(url, {
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
}

export type UlipSession = { call: (path: string, body: unknown) => Promise<unknown> };
const sessions = new WeakMap<UlipConfig, WeakMap<OperatorOutbound, UlipSession>>();

/**
 * The one session of this configured account and outbound client: the tracking providers and the
 * registers of one app share its token (one login, not one per feature).
 */
export function createUlipSession(config: UlipConfig, outbound: OperatorOutbound): UlipSession {
  let byOutbound = sessions.get(config);
  if (!byOutbound) {
    byOutbound = new WeakMap();
    sessions.set(config, byOutbound);
  }
  const held = byOutbound.get(outbound);
  if (held) {
    return held;
  }
  const made = newSession(config, outbound);
  byOutbound.set(outbound, made);
  return made;
}

/** `call('FASTAG/01', { vehiclenumber })`: the API's JSON answer, logging in (again) as needed. */
function newSession(config: UlipConfig, outbound: OperatorOutbound): UlipSession {
  const base = config.url.replace(/\/$/, '');
  let held: { token: string; until: number } | null = null;
  const token = async (fresh = false) => {
    if (!fresh && held && held.until > Date.now()) {
      return held.token;
    }
    const { json } = await postJson(outbound, `${base}/user/login`, { username: config.username, password: config.password });
    const answer = json as { response?: { id?: string }; error?: unknown; message?: string } | null;
    const t = answer?.response?.id;
    if (!t || String(answer?.error) === 'true') {
      throw new UlipError(`ULIP refused the login: ${answer?.message ?? 'no reason given'}`, false);
    }
    held = { token: t, until: Date.now() + TOKEN_MINUTES * 60_000 };
    return t;
  };
  return {
    async call(path: string, body: unknown): Promise<unknown> {
      let answer = await postJson(outbound, `${base}/${path}`, body, await token());
      if (answer.status === 401) {
        answer = await postJson(outbound, `${base}/${path}`, body, await token(true));
      }
      if (answer.status === 401) {
        throw new UlipError('ULIP refused the token twice.', false);
      }
      return answer.json;
    },
  };
}

type Envelope = { response?: unknown; error?: unknown; code?: unknown; message?: unknown };

/** The provider's own answer inside ULIP's envelope (some gateways nest it once more under `data`). */
export function unwrapUlip(json: unknown): unknown {
  let e = json as Envelope & { data?: Envelope };
  if (e && typeof e === 'object' && !('response' in e) && e.data && typeof e.data === 'object') {
    e = e.data;
  }
  if (!e || typeof e !== 'object') {
    throw new UlipError('ULIP answered something that is not JSON.', true);
  }
  if (String(e.error) === 'true' || (e.code !== undefined && String(e.code) !== '200')) {
    throw new UlipError(`ULIP refused the call: ${String(e.message ?? e.code ?? 'no reason given')}`, String(e.code).startsWith('5'));
  }
  return Array.isArray(e.response) ? (e.response[0] as { response?: unknown } | undefined)?.response : e.response;
}
