import { ROAD_DETOUR_FACTOR } from '@freightdesk/shared/geo';
import type { OperatorOutbound } from '../../../lib/outbound.ts';
import { type Journey, pointAlong, stableHash } from './journey.ts';

/** The operator's answer on a driver's consent. */
export type SimConsent = { state: 'pending' | 'approved' | 'rejected'; expiresAt: Date | null };
/** A cell-level fix of the driver's phone. */
export type SimFix = { latitude: number; longitude: number; accuracyM: number; at: Date; address: string | null };

/**
 * Phone-SIM location through an operator aggregator: `requestConsent` makes the operator text the
 * driver (who answers by SMS or the IVR line), `consent` reads the answer, `locate` the phone's
 * last cell fix. Numbers are the 10 digits; the adapter adds the country code.
 */
export type SimProvider = {
  name: 'telenity' | 'simulator';
  requestConsent: (mobile: string, driverName: string) => Promise<void>;
  /** `requestedAt`: when we last sent the consent request (the simulator answers from it; the operator knows it itself). */
  consent: (mobile: string, requestedAt: Date | null) => Promise<SimConsent>;
  locate: (mobile: string, journey: Journey | null) => Promise<SimFix | null>;
};

export class SimProviderError extends Error {}

export type SimConfig = { trailUrl: string; trailBasic: string; consentUrl: string; consentBasic: string };

const msisdn = (mobile: string) => `91${mobile}`;
const basic = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`;

type Init = Parameters<OperatorOutbound['request']>[1];
type TokenKind = 'trail' | 'consent';
type Answer = { status: number; body: Record<string, unknown> };

/** A Telenity connection: its two base URLs and the tokens it holds. */
type Telenity = {
  config: SimConfig;
  outbound: OperatorOutbound;
  trail: string;
  gateway: string;
  tokens: Record<TokenKind, { value: string; until: number } | null>;
};

/**
 * Telenity SmartTrail, the aggregator Indian SIM tracking runs through: `GET {trail}/login` (basic
 * auth) for a token; `POST {trail}/entities/import` sends the consent SMS; consent is read from the
 * operator gateway (`POST {consent}/oauth/token` client credentials, then `GET
 * {consent}/apigw/NOFBconsent/v1/NOFBconsent?address=tel:+91…`); the last fix from `GET
 * {trail}/location/msisdnList/{msisdn}?lastResult=true`.
 */
function createTelenity(config: SimConfig, outbound: OperatorOutbound): SimProvider {
  const t: Telenity = {
    config,
    outbound,
    trail: config.trailUrl.replace(/\/$/, ''),
    gateway: config.consentUrl.replace(/\/$/, ''),
    tokens: { trail: null, consent: null },
  };
  return {
    name: 'telenity',
    async requestConsent(mobile, driverName) {
      const [firstName = 'Driver', ...rest] = driverName.trim().split(/\s+/);
      const answer = await authed(t, 'trail', `${t.trail}/entities/import`, {
        method: 'POST',
        body: JSON.stringify({ entityImportList: [{ firstName, lastName: rest.join(' ') || '-', msisdn: msisdn(mobile) }] }),
      });
      if (answer.status >= 400) {
        throw new SimProviderError(`The SIM tracking service refused the number (${answer.status}).`);
      }
    },
    async consent(mobile) {
      const answer = await authed(t, 'consent', `${t.gateway}/apigw/NOFBconsent/v1/NOFBconsent?address=tel:+${msisdn(mobile)}`);
      return consentOf(answer.body);
    },
    async locate(mobile) {
      const answer = await authed(t, 'trail', `${t.trail}/location/msisdnList/${msisdn(mobile)}?lastResult=true`, { method: 'GET' });
      return fixOf(answer.body);
    },
  };
}

/** One call, its JSON answer read (a 401 answered as such, for a new token). */
async function json(t: Telenity, url: string, init: Init): Promise<Answer> {
  let res: Awaited<ReturnType<OperatorOutbound['request']>>;
  try {
    res = await t.outbound.request(url, { timeoutMs: 15_000, ...init });
  } catch (err) {
    throw new SimProviderError(`The SIM tracking service cannot be reached: ${(err as Error).message}`);
  }
  if (res.status === 401) {
    return { status: 401, body: {} as Record<string, unknown> };
  }
  try {
    return { status: res.status, body: JSON.parse(res.body.toString('utf8')) as Record<string, unknown> };
  } catch {
    throw new SimProviderError(`The SIM tracking service answered ${res.status} without JSON.`);
  }
}

/** The token of a kind, held until two minutes before it expires. */
async function token(t: Telenity, kind: TokenKind) {
  const held = t.tokens[kind];
  if (held && held.until > Date.now()) {
    return held.value;
  }
  const answer =
    kind === 'trail'
      ? await json(t, `${t.trail}/login`, { method: 'GET', headers: { authorization: basic(t.config.trailBasic) } })
      : await json(t, `${t.gateway}/oauth/token?grant_type=client_credentials`, {
          method: 'POST',
          headers: { authorization: basic(t.config.consentBasic), 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials',
        });
  const value = String(answer.body.token ?? answer.body.access_token ?? '');
  if (!value) {
    throw new SimProviderError(`The SIM tracking service refused the ${kind} login (${answer.status}).`);
  }
  const seconds = Number(answer.body.expires_in ?? 0) || 5 * 3600;
  t.tokens[kind] = { value, until: Date.now() + (seconds - 120) * 1000 };
  return value;
}

/** A call with the token; a 401 drops the token and tries once more with a new one. */
async function authed(t: Telenity, kind: TokenKind, url: string, init: Init = {}): Promise<Answer> {
  for (const attempt of [0, 1]) {
    const value = await token(t, kind);
    const headers = {
      ...init?.headers,
      'content-type': 'application/json',
      authorization: `bearer ${value}`,
      ...(kind === 'trail' ? { token: value } : {}),
    };
    const answer = await json(t, url, { ...init, headers });
    if (answer.status !== 401) {
      return answer;
    }
    t.tokens[kind] = attempt === 0 ? null : t.tokens[kind];
  }
  throw new SimProviderError('The SIM tracking service refused the token twice.');
}

/** The driver's consent as the operator gateway answers it. */
function consentOf(body: Record<string, unknown>): SimConsent {
  const node = (body.Consent ?? {}) as { status?: string; consentExpiresOn?: string };
  const status = String(node.status ?? '').toUpperCase();
  const expires = node.consentExpiresOn ? new Date(node.consentExpiresOn) : null;
  const expiresAt = expires && !Number.isNaN(expires.getTime()) ? expires : null;
  if (['ALLOWED', 'CONSENT_APPROVED', 'ACTIVE'].includes(status)) {
    return { state: 'approved', expiresAt };
  }
  return { state: ['REJECTED', 'DENIED', 'CONSENT_REJECTED'].includes(status) ? 'rejected' : 'pending', expiresAt: null };
}

/** The phone's last fix in SmartTrail's answer; null without a usable one. */
function fixOf(body: Record<string, unknown>): SimFix | null {
  const list = (body.terminalLocation ?? []) as {
    locationRetrievalStatus?: string;
    currentLocation?: { latitude?: number; longitude?: number; timestamp?: string; detailedAddress?: string; accuracy?: number };
  }[];
  const fix = list[0]?.currentLocation;
  const at = fix?.timestamp ? new Date(fix.timestamp) : null;
  if (!fix || typeof fix.latitude !== 'number' || typeof fix.longitude !== 'number' || !at || Number.isNaN(at.getTime())) {
    return null;
  }
  return {
    latitude: fix.latitude,
    longitude: fix.longitude,
    accuracyM: fix.accuracy ?? 1000,
    at,
    address: fix.detailedAddress ?? null,
  };
}

/** How long the simulated driver takes to answer the consent SMS. */
export const SIM_SIMULATOR_ANSWER_MS = 60_000;
const SIM_KMH = 45;

/**
 * The built-in operator: the driver answers the consent SMS a minute after it is sent (numbers
 * ending in 0000 refuse, to try the refusal), consent then lasts a year; the phone's cell fix
 * follows the trip's lane at 45 km/h, off by up to 1.5 km as a cell fix is, a few minutes old.
 * It keeps nothing: the answer follows from when the request was sent, so a restart changes nothing.
 */
export function createSimSimulator(clock: () => Date = () => new Date()): SimProvider {
  return {
    name: 'simulator',
    async requestConsent() {},
    async consent(mobile, requestedAt) {
      const at = requestedAt?.getTime();
      if (at === undefined || clock().getTime() - at < SIM_SIMULATOR_ANSWER_MS) {
        return { state: 'pending', expiresAt: null };
      }
      if (mobile.endsWith('0000')) {
        return { state: 'rejected', expiresAt: null };
      }
      return { state: 'approved', expiresAt: new Date(at + 365 * 86_400_000) };
    },
    async locate(mobile, journey) {
      if (!journey || journey.points.length < 2) {
        return null;
      }
      const now = clock();
      const at = new Date(now.getTime() - (2 + (stableHash(`${mobile}${now.getUTCHours()}`) % 5)) * 60_000);
      const km = Math.max(0, ((at.getTime() - journey.startedAt.getTime()) / 3_600_000) * (SIM_KMH / ROAD_DETOUR_FACTOR));
      const p = pointAlong(journey.points, km);
      const h = stableHash(`${mobile}${at.toISOString().slice(0, 16)}`);
      const jitter = (bits: number) => (((h >> bits) & 0xff) / 255 - 0.5) * 0.027;
      return { latitude: p.latitude + jitter(0), longitude: p.longitude + jitter(8), accuracyM: 1500, at, address: null };
    },
  };
}

export function createSimProvider(config: SimConfig | undefined, outbound: OperatorOutbound): SimProvider {
  return config ? createTelenity(config, outbound) : createSimSimulator();
}
