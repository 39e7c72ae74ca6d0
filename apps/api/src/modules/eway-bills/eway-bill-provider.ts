import { ewayValidUntil } from '@freightdesk/shared/eway-bill';
import type { OperatorOutbound } from '../../lib/outbound.ts';
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

/** NIC's `dd/MM/yyyy hh:mm:ss AM` in IST. */
export function parseNicDate(s: string): Date | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2})(?: ?([AP]M))?$/i.exec(s.trim());
  if (!m) {
    return undefined;
  }
  const [, dd, mm, yyyy, h, min, sec, ampm] = m;
  let hour = Number(h);
  if (ampm) {
    hour = (hour % 12) + (ampm.toUpperCase() === 'PM' ? 12 : 0);
  }
  const iso = `${yyyy}-${mm}-${dd}T${String(hour).padStart(2, '0')}:${min}:${sec}+05:30`;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

type NicBill = {
  ewbNo?: number | string;
  ewayBillDate?: string;
  status?: string;
  fromGstin?: string;
  toGstin?: string;
  totInvValue?: number;
  actualDist?: number;
  validUpto?: string;
  extendedTimes?: number;
  /** R regular, O over-dimensional cargo. */
  vehicleType?: string;
  VehiclListDetails?: { vehicleNo?: string }[];
};

/**
 * A GetEwayBill answer in our terms; undefined when it lacks what a bill must have. NIC's
 * `validUpto` is the bill's validity as NIC holds it (23:59:00 of the last day, extensions
 * included) and is taken as it is; only a bill without one gets the computed rule.
 */
export function fromNic(data: NicBill): ProviderBill | undefined {
  const generatedAt = data.ewayBillDate ? parseNicDate(data.ewayBillDate) : undefined;
  const number = String(data.ewbNo ?? '');
  if (!generatedAt || !/^\d{12}$/.test(number) || !data.fromGstin) {
    return undefined;
  }
  const distanceKm = Math.max(0, Math.round(Number(data.actualDist ?? 0)));
  const overDimensional =
    String(data.vehicleType ?? '')
      .trim()
      .toUpperCase() === 'O';
  const validUntil =
    (data.validUpto ? parseNicDate(data.validUpto) : undefined) ?? ewayValidUntil(generatedAt, distanceKm, overDimensional);
  const vehicles = data.VehiclListDetails ?? [];
  return {
    number,
    generatedAt,
    distanceKm,
    validUntil,
    valuePaise: Math.round(Number(data.totInvValue ?? 0) * 100),
    fromGstin: data.fromGstin,
    toGstin: data.toGstin && data.toGstin !== 'URP' ? data.toGstin : null,
    vehicleNumber: vehicles[0]?.vehicleNo?.replace(/\s/g, '').toUpperCase() ?? null,
    status: data.status === 'CNL' ? 'cancelled' : 'active',
    extensions: Number(data.extendedTimes ?? 0),
    overDimensional,
  };
}

const TOKEN_HOURS = 5;

/**
 * EXTENDVALIDITY's body for a vehicle moving by road: transMode 1 goes with consignmentStatus M
 * ("in movement") and a blank transitType; the address lines are for goods in transit (status T,
 * in a warehouse) and go blank; no transport document is needed by road.
 */
export function extensionBody(number: string, e: Extension) {
  return {
    ewbNo: Number(number),
    vehicleNo: e.vehicleNumber,
    fromPlace: e.fromPlace,
    fromState: e.fromState,
    fromPincode: Number(e.fromPincode),
    remainingDistance: e.remainingKm,
    transDocNo: '',
    transDocDate: '',
    transMode: '1',
    extnRsnCode: e.reasonCode,
    extnRemarks: e.remarks,
    consignmentStatus: 'M',
    transitType: '',
    addressLine1: '',
    addressLine2: '',
    addressLine3: '',
  };
}

/** The GSP client: authenticates per GSTIN (a token is good for about six hours), then calls. */
function createGspProvider(config: GspConfig, outbound: OperatorOutbound): EwayBillProvider {
  const tokens = new Map<string, { token: string; until: number }>();
  const base = `${config.url.replace(/\/$/, '')}/ewaybillapi/v1.03`;
  const headers = (gstin: string) => ({
    ip_address: config.ipAddress,
    client_id: config.clientId,
    client_secret: config.clientSecret,
    gstin,
    'content-type': 'application/json',
    accept: 'application/json',
  });
  const call = async (method: 'GET' | 'POST', url: string, h: Record<string, string>, body?: unknown) => {
    let res: Awaited<ReturnType<OperatorOutbound['request']>>;
    try {
      res = await outbound.request(url, {
        method,
        headers: h,
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: 10_000,
      });
    } catch (err) {
      throw new EwayBillProviderError(`The e-way bill system cannot be reached: ${(err as Error).message}`, true);
    }
    let json: { status_cd?: string | number; status_desc?: string; error?: { message?: string }; data?: unknown; authtoken?: string };
    try {
      json = JSON.parse(res.body.toString('utf8'));
    } catch {
      throw new EwayBillProviderError(`The e-way bill system answered ${res.status} without JSON.`, res.status >= 500);
    }
    if (res.status >= 500) {
      throw new EwayBillProviderError(`The e-way bill system failed (${res.status}).`, true);
    }
    return json;
  };
  const token = async (gstin: string) => {
    const held = tokens.get(gstin);
    if (held && held.until > Date.now()) {
      return held.token;
    }
    const q = new URLSearchParams({ email: config.email, username: config.username, password: config.password });
    const json = await call('GET', `${base}/authenticate?${q}`, headers(gstin));
    const t = json.authtoken ?? (json.data as { authtoken?: string } | undefined)?.authtoken;
    if (String(json.status_cd) !== '1' || !t) {
      throw new EwayBillProviderError(
        `The e-way bill system refused the login for ${gstin}: ${json.status_desc ?? json.error?.message ?? 'no reason given'}`,
        false,
      );
    }
    tokens.set(gstin, { token: t, until: Date.now() + TOKEN_HOURS * 3_600_000 });
    return t;
  };
  const authed = async (gstin: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const json = await call(method, `${base}/ewayapi/${path}`, { ...headers(gstin), authtoken: await token(gstin) }, body);
    if (String(json.status_cd) !== '1') {
      throw new EwayBillProviderError(json.status_desc ?? json.error?.message ?? 'The e-way bill system refused the call.', false);
    }
    return json.data;
  };
  const email = encodeURIComponent(config.email);
  return {
    name: 'gsp',
    async getBill(gstin, number) {
      try {
        const data = await authed(gstin, 'GET', `getewaybill?email=${email}&ewbNo=${number}`);
        return fromNic((data ?? {}) as NicBill) ?? null;
      } catch (err) {
        // NIC answers "Invalid EWB number" / "No record found" for a bill it does not know.
        if (
          err instanceof EwayBillProviderError &&
          !err.retryable &&
          /not found|no record|invalid ewb|could not retrieve/i.test(err.message)
        ) {
          return null;
        }
        throw err;
      }
    },
    async extend(gstin, number, e) {
      const data = (await authed(gstin, 'POST', `extendvalidity?email=${email}`, extensionBody(number, e))) as
        | { validUpto?: string }
        | undefined;
      const validUntil = data?.validUpto ? parseNicDate(data.validUpto) : undefined;
      if (!validUntil) {
        throw new EwayBillProviderError('The e-way bill system extended the bill but sent no new validity.', false);
      }
      return { validUntil };
    },
    async cancel(gstin, number, reason) {
      await authed(gstin, 'POST', `canewb?email=${email}`, {
        ewbNo: Number(number),
        cancelRsnCode: reason.code,
        cancelRmrk: reason.remarks,
      });
    },
  };
}

/** The GSP when EWB_GSP_URL and its credentials are set; otherwise the built-in simulator. */
export function createEwayBillProvider(config: GspConfig | undefined, outbound: OperatorOutbound): EwayBillProvider {
  return config ? createGspProvider(config, outbound) : createEwayBillSimulator();
}
