/**
 * Tax deducted at source on freight paid to a carrier (a contractor carrying goods): section 194C of
 * the Income-tax Act, 1961, carried into the Income-tax Act, 2025 (in force from 1 April 2026) as
 * section 393(1), Table S.No. 6(i), with the transporter's exemption of 194C(6) in section 393(4).
 * docs/finance.md gives the sources; the rules in brief:
 *
 * - The base is the freight without GST when the invoice shows GST separately (CBDT Circular
 *   23/2017).
 * - Nothing is deducted while the sum paid is at most ₹30,000 and the year's total to the payee at
 *   most ₹1,00,000; once the year's total passes ₹1,00,000, the earlier sums not yet deducted on
 *   are deducted on too.
 * - 1% when the payee is an individual or a Hindu undivided family (the fourth letter of the PAN is
 *   P or H), 2% for anyone else.
 * - Nothing when the payee owns ten or fewer goods carriages and has given a declaration with its
 *   PAN for the year (194C(6)).
 * - 20% when the payee has given no valid PAN (206AA; section 397 of the 2025 Act).
 * - A lower-deduction certificate's rate (197; section 395 of the 2025 Act) up to the amount it
 *   covers, the ordinary rate beyond.
 * - TDS is rounded to the nearest rupee.
 */

/** Why a payment's TDS is what it is; the letters are the deductee remarks of the 26Q return. */
export const TDS_RULES = ['below_threshold', 'declaration', 'certificate', 'no_pan', 'individual', 'other'] as const;
export type TdsRule = (typeof TDS_RULES)[number];

export const TDS_SINGLE_LIMIT_PAISE = 30_000_00;
export const TDS_YEAR_LIMIT_PAISE = 1_00_000_00;
export const TDS_NO_PAN_PCT = 20;

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;

/** Whether a PAN is well formed (five letters, four digits, a letter). */
export const validPan = (pan: string | null | undefined): pan is string => !!pan && PAN.test(pan);

/** The ordinary rate for a PAN: 1% for an individual (P) or HUF (H), 2% for the rest. */
export const tdsRateFor = (pan: string): number => (pan[3] === 'P' || pan[3] === 'H' ? 1 : 2);

/** The payee as the payer knows it on the payment day. */
export type TdsPayee = {
  pan: string | null;
  /** A declaration for the payment's financial year that it owns ten or fewer goods carriages (194C(6)). */
  declaration: boolean;
  /** A lower-deduction certificate for this payer in force on the payment day, with what it still covers. */
  certificate: { ratePct: number; remainingPaise: number } | null;
};

/** The payee's earlier payments from this payer in the same financial year. */
export type TdsYear = {
  /** Their base (freight without GST). */
  basePaise: number;
  /** The part of it already deducted on, or exempt by a declaration. */
  coveredPaise: number;
};

export type TdsResult = {
  /** This payment's base (freight without GST). */
  basePaise: number;
  /** The amount deducted on now: the base, plus earlier sums not yet deducted on once the year's total passes ₹1,00,000. */
  deductedOnPaise: number;
  tdsPaise: number;
  /** The rate applied (the ordinary one beyond a certificate's cover). */
  ratePct: number;
  rule: TdsRule;
  /** The part of `deductedOnPaise` taken at the certificate's rate. */
  certificatePaise: number;
};

/** The freight within a payment: its share of the approved taxable value (GST shown separately is no part of it). */
export function tdsBaseOf(paymentPaise: number, approvedTaxablePaise: number, approvedPaise: number): number {
  return approvedPaise <= 0 ? paymentPaise : Math.round((paymentPaise * approvedTaxablePaise) / approvedPaise);
}

const rupee = (paise: number) => Math.round(paise / 100) * 100;
const pct = (paise: number, ratePct: number) => (paise * ratePct) / 100;

/** The TDS on a payment of `basePaise` to `payee`, given the year so far. */
export function tdsOn(basePaise: number, payee: TdsPayee, year: TdsYear): TdsResult {
  const none = (rule: TdsRule, covered: number): TdsResult => ({
    basePaise,
    deductedOnPaise: covered,
    tdsPaise: 0,
    ratePct: 0,
    rule,
    certificatePaise: 0,
  });
  const pan = validPan(payee.pan) ? payee.pan : null;
  if (pan && payee.declaration) {
    return none('declaration', basePaise);
  }
  const total = year.basePaise + basePaise;
  if (basePaise <= TDS_SINGLE_LIMIT_PAISE && total <= TDS_YEAR_LIMIT_PAISE) {
    return none('below_threshold', 0);
  }
  const catchUp = total > TDS_YEAR_LIMIT_PAISE ? Math.max(0, year.basePaise - year.coveredPaise) : 0;
  const on = basePaise + catchUp;
  if (!pan) {
    return { ...none('no_pan', on), ratePct: TDS_NO_PAN_PCT, tdsPaise: rupee(pct(on, TDS_NO_PAN_PCT)) };
  }
  const rate = tdsRateFor(pan);
  const ordinary: TdsRule = rate === 1 ? 'individual' : 'other';
  const cert = payee.certificate;
  if (!cert || cert.remainingPaise <= 0) {
    return { ...none(ordinary, on), ratePct: rate, tdsPaise: rupee(pct(on, rate)) };
  }
  const covered = Math.min(on, cert.remainingPaise);
  const tds = pct(covered, cert.ratePct) + pct(on - covered, rate);
  return {
    ...none('certificate', on),
    ratePct: covered === on ? cert.ratePct : rate,
    tdsPaise: rupee(tds),
    certificatePaise: covered,
  };
}

/** The 26Q deductee remark of a rule ('' where the return wants none). */
export const TDS_REMARK: Record<TdsRule, string> = {
  below_threshold: 'Y',
  declaration: 'T',
  certificate: 'A',
  no_pan: 'C',
  individual: '',
  other: '',
};
