import type { RegisterDoc } from '@freightdesk/shared/schemas/verification';
import { UlipError, unwrapUlip } from '../../lib/ulip-session.ts';

/**
 * VAHAN/01 and SARATHI/01 answers in our terms. VAHAN (the Ministry of Road Transport's register
 * of vehicles) answers, inside ULIP's envelope, the registration as a flat `<VehicleDetails>` XML
 * document (some gateways as the same fields in JSON): `rc_regn_no`, `rc_status`,
 * `rc_blacklist_status`, `rc_owner_name`, `rc_vch_catg`, and the dates `rc_regn_upto`,
 * `rc_fit_upto`, `rc_insurance_upto`, `rc_permit_valid_upto`, `rc_np_upto` (national permit),
 * `rc_pucc_upto`, `rc_tax_upto` (`LTT`: lifetime), written `dd-MMM-yyyy`. SARATHI (the licence
 * register) answers `dldetobj: [{ dlobj, bioObj, dlcovs }]`: the licence's status, its validity for
 * non-transport (`dlNtValdtoDt`) and transport vehicles (`dlTrValdtoDt`), the classes it covers.
 * The real client and the simulator both go through these parsers.
 */
export type RegisterAnswer = {
  number: string;
  status: string | null;
  holderName: string | null;
  classes: string | null;
  documents: { doc: RegisterDoc; validTo: string | null }[];
};

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** A "lifetime" date (road tax paid for the vehicle's life). */
export const LIFETIME = '9999-12-31';

function isoDay(y: number, m: number, d: number): string | null {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d ? t.toISOString().slice(0, 10) : null;
}

/** `26-Sep-2027`, `26/09/2027`, `26-09-2027` or `2027-09-26` (an optional time after it) as 2027-09-26; `LTT` as lifetime. */
export function parseRegisterDate(s: unknown): string | null {
  const v = typeof s === 'string' ? s.trim().toUpperCase() : '';
  if (v === 'LTT' || v === 'LIFETIME') {
    return LIFETIME;
  }
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (m) {
    return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  }
  m = /^(\d{1,2})[-/ ]([A-Z]{3})[-/ ](\d{4})/.exec(v);
  if (m) {
    return isoDay(Number(m[3]), MONTHS.indexOf(m[2] ?? '') + 1, Number(m[1]));
  }
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})/.exec(v);
  return m ? isoDay(Number(m[3]), Number(m[2]), Number(m[1])) : null;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);

/** `<VehicleDetails><rc_regn_no>…</rc_regn_no>…</VehicleDetails>` as its fields (entities decoded). */
export function flatXml(xml: string): Record<string, string> {
  const out: Record<string, string> = {};
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  for (const m of xml.matchAll(/<([A-Za-z_][\w.-]*)>([^<]*)<\/\1>/g)) {
    out[m[1] as string] = decode(m[2] ?? '');
  }
  return out;
}

/** The earlier of two dates (both must hold), or whichever there is. */
const earlier = (a: string | null, b: string | null) => (a && b ? (a < b ? a : b) : (a ?? b));

/** VAHAN/01: the registration's dates and status; null when VAHAN does not know the number. */
export function parseVahan(json: unknown, number: string): RegisterAnswer | null {
  const inner = unwrapUlip(json);
  const r: Record<string, unknown> | null =
    typeof inner === 'string'
      ? flatXml(inner)
      : inner && typeof inner === 'object'
        ? ((Array.isArray(inner) ? inner[0] : inner) as Record<string, unknown>)
        : null;
  if (!r || !text(r.rc_regn_no)) {
    if (typeof inner === 'string' && /not\s+found|no\s+record/i.test(inner)) {
      return null;
    }
    if (!r || Object.keys(r).length === 0) {
      return null;
    }
    throw new UlipError('VAHAN/01 answered a record without a registration number.', false);
  }
  const blacklisted = text(r.rc_blacklist_status);
  const status = text(r.rc_status);
  return {
    number: text(r.rc_regn_no) ?? number,
    status:
      blacklisted && !/^(NA|NO|N|NONE|NULL)$/i.test(blacklisted) ? `BLACKLISTED: ${blacklisted}` : status ? status.toUpperCase() : null,
    holderName: text(r.rc_owner_name),
    classes: text(r.rc_vch_catg),
    documents: [
      { doc: 'registration', validTo: parseRegisterDate(r.rc_regn_upto) },
      { doc: 'fitness', validTo: parseRegisterDate(r.rc_fit_upto) },
      { doc: 'insurance', validTo: parseRegisterDate(r.rc_insurance_upto) },
      { doc: 'permit', validTo: earlier(parseRegisterDate(r.rc_permit_valid_upto), parseRegisterDate(r.rc_np_upto)) },
      { doc: 'puc', validTo: parseRegisterDate(r.rc_pucc_upto) },
      { doc: 'tax', validTo: parseRegisterDate(r.rc_tax_upto) },
    ],
  };
}

/**
 * SARATHI/01: the licence's transport validity (a goods vehicle needs it: a licence without a
 * transport endorsement is `validTo: null`) and status; null when SARATHI does not know it.
 */
export function parseSarathi(json: unknown, number: string): RegisterAnswer | null {
  const inner = unwrapUlip(json) as { dldetobj?: unknown } | unknown[] | null | undefined;
  const list = Array.isArray(inner) ? inner : (inner as { dldetobj?: unknown } | null | undefined)?.dldetobj;
  const first = (Array.isArray(list) ? list[0] : list) as Record<string, unknown> | undefined;
  const dl = (first?.dlobj ?? null) as Record<string, unknown> | null;
  if (!dl || typeof dl !== 'object' || !text(dl.dlLicno)) {
    return null;
  }
  const bio = (first?.bioObj ?? {}) as Record<string, unknown>;
  const covs = Array.isArray(first?.dlcovs) ? (first.dlcovs as Record<string, unknown>[]) : [];
  const classes = covs.map((c) => text(c.covabbrv) ?? text(c.covdesc)).filter((c): c is string => Boolean(c));
  return {
    number: (text(dl.dlLicno) ?? number).replace(/[\s-]/g, '').toUpperCase(),
    status: text(dl.dlStatus)?.toUpperCase() ?? null,
    holderName: text(bio.bioFullName) ?? text(bio.bioFirstName),
    classes: classes.length ? classes.join(', ') : null,
    documents: [{ doc: 'licence', validTo: parseRegisterDate(dl.dlTrValdtoDt) }],
  };
}
