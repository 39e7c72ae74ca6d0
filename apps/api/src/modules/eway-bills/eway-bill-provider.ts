import type { OperatorOutbound } from '../../lib/outbound.ts';
import { extensionBody, fromNic, type NicBill, parseNicDate } from './eway-bill-nic.ts';
import { createEwayBillSimulator } from './eway-bill-simulator.ts';

/** An e-way bill as the e-way bill system answers it, in our units. */
export type ProviderBill = {
  number: string;
  generatedAt: Date;
  distanceKm: number;
  validUntil: Date;
  valuePaise: number;
  fromGstin: string;
  toGstin: string | null;
  vehicleNumber: string | null;
  status: 'active' | 'cancelled';
  extensions: number;
  /** NIC's `vehicleType: "O"`: over-dimensional cargo, valid for 20 km a day. */
  overDimensional: boolean;
};

/** What the simulator needs to answer like the real system would for this shipment. */
export type BillContext = { vehicleNumber?: string | null; distanceKm?: number; consigneeGstin?: string | null };

/** An extension as NIC's EXTENDVALIDITY takes it for a vehicle on the road. */
export type Extension = {
  remainingKm: number;
  reasonCode: number;
  remarks: string;
  vehicleNumber: string;
  /** Where the vehicle is now: place (≤ 50 characters), PIN, NIC state code. */
  fromPlace: string;
  fromPincode: string;
  fromState: number;
  /** The bill's cargo is over-dimensional (the simulator's validity; NIC knows it itself). */
  overDimensional?: boolean;
};

/**
 * The e-way bill system, as a GST Suvidha Provider (GSP) exposes NIC's API v1.03: `getBill` is
 * GetEwayBill, `extend` EXTENDVALIDITY, `cancel` CANEWB. Calls are made as the shipper's GSTIN.
 */
export type EwayBillProvider = {
  name: 'gsp' | 'simulator';
  getBill: (gstin: string, number: string, context?: BillContext) => Promise<ProviderBill | null>;
  extend: (gstin: string, number: string, extension: Extension) => Promise<{ validUntil: Date }>;
  cancel: (gstin: string, number: string, reason: { code: number; remarks: string }) => Promise<void>;
};

/** The provider refused or failed: the message is its own (shown to the user), `status` its HTTP status. */
export class EwayBillProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export type GspConfig = {
  url: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  email: string;
  /** The public IP the GSP registered for this install (their `ip_address` header). */
  ipAddress: string;
};

const TOKEN_HOURS = 5;

/** A GSP connection: its base URL and the tokens it holds per GSTIN. */
type Gsp = { config: GspConfig; outbound: OperatorOutbound; base: string; tokens: Map<string, { token: string; until: number }> };

/** The GSP's JSON answer. */
type GspAnswer = { status_cd?: string | number; status_desc?: string; error?: { message?: string }; data?: unknown; authtoken?: string };

/** The GSP client: authenticates per GSTIN (a token is good for about six hours), then calls. */
function createGspProvider(config: GspConfig, outbound: OperatorOutbound): EwayBillProvider {
  const gsp: Gsp = { config, outbound, base: `${config.url.replace(/\/$/, '')}/ewaybillapi/v1.03`, tokens: new Map() };
  const email = encodeURIComponent(config.email);
  return {
    name: 'gsp',
    getBill: (gstin, number) => getBill(gsp, email, gstin, number),
    async extend(gstin, number, e) {
      const data = (await authed(gsp, gstin, 'POST', `extendvalidity?email=${email}`, extensionBody(number, e))) as
        | { validUpto?: string }
        | undefined;
      const validUntil = data?.validUpto ? parseNicDate(data.validUpto) : undefined;
      if (!validUntil) {
        throw new EwayBillProviderError('The e-way bill system extended the bill but sent no new validity.', false);
      }
      return { validUntil };
    },
    async cancel(gstin, number, reason) {
      await authed(gsp, gstin, 'POST', `canewb?email=${email}`, {
        ewbNo: Number(number),
        cancelRsnCode: reason.code,
        cancelRmrk: reason.remarks,
      });
    },
  };
}

/** The headers every GSP call sends for a GSTIN. */
function gspHeaders({ config }: Gsp, gstin: string) {
  return {
    ip_address: config.ipAddress,
    client_id: config.clientId,
    client_secret: config.clientSecret,
    gstin,
    'content-type': 'application/json',
    accept: 'application/json',
  };
}

/** One call, its JSON answer read; unreachable and 5xx are retryable. */
async function call(gsp: Gsp, method: 'GET' | 'POST', url: string, h: Record<string, string>, body?: unknown): Promise<GspAnswer> {
  let res: Awaited<ReturnType<OperatorOutbound['request']>>;
  try {
    res = await gsp.outbound.request(url, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: 10_000,
    });
  } catch (err) {
    throw new EwayBillProviderError(`The e-way bill system cannot be reached: ${(err as Error).message}`, true);
  }
  let json: GspAnswer;
  try {
    json = JSON.parse(res.body.toString('utf8'));
  } catch {
    throw new EwayBillProviderError(`The e-way bill system answered ${res.status} without JSON.`, res.status >= 500);
  }
  if (res.status >= 500) {
    throw new EwayBillProviderError(`The e-way bill system failed (${res.status}).`, true);
  }
  return json;
}

/** The GSTIN's token, held for TOKEN_HOURS. */
async function token(gsp: Gsp, gstin: string) {
  const held = gsp.tokens.get(gstin);
  if (held && held.until > Date.now()) {
    return held.token;
  }
  const { config } = gsp;
  const q = new URLSearchParams({ email: config.email, username: config.username, password: config.password });
  const json = await call(gsp, 'GET', `${gsp.base}/authenticate?${q}`, gspHeaders(gsp, gstin));
  const t = json.authtoken ?? (json.data as { authtoken?: string } | undefined)?.authtoken;
  if (String(json.status_cd) !== '1' || !t) {
    throw new EwayBillProviderError(
      `The e-way bill system refused the login for ${gstin}: ${json.status_desc ?? json.error?.message ?? 'no reason given'}`,
      false,
    );
  }
  gsp.tokens.set(gstin, { token: t, until: Date.now() + TOKEN_HOURS * 3_600_000 });
  return t;
}

/** A call of the e-way bill API with the GSTIN's token; its data, or its refusal as an error. */
async function authed(gsp: Gsp, gstin: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const json = await call(
    gsp,
    method,
    `${gsp.base}/ewayapi/${path}`,
    { ...gspHeaders(gsp, gstin), authtoken: await token(gsp, gstin) },
    body,
  );
  if (String(json.status_cd) !== '1') {
    throw new EwayBillProviderError(json.status_desc ?? json.error?.message ?? 'The e-way bill system refused the call.', false);
  }
  return json.data;
}

/** A bill by its number; null for one the system does not know. */
async function getBill(gsp: Gsp, email: string, gstin: string, number: string): Promise<ProviderBill | null> {
  try {
    const data = await authed(gsp, gstin, 'GET', `getewaybill?email=${email}&ewbNo=${number}`);
    return fromNic((data ?? {}) as NicBill) ?? null;
  } catch (err) {
    // NIC answers "Invalid EWB number" / "No record found" for a bill it does not know.
    if (err instanceof EwayBillProviderError && !err.retryable && /not found|no record|invalid ewb|could not retrieve/i.test(err.message)) {
      return null;
    }
    throw err;
  }
}

/** The GSP when EWB_GSP_URL and its credentials are set; otherwise the built-in simulator. */
export function createEwayBillProvider(config: GspConfig | undefined, outbound: OperatorOutbound): EwayBillProvider {
  return config ? createGspProvider(config, outbound) : createEwayBillSimulator();
}
