/**
 * Money as invoices need it (issue 12): amounts are integer paise everywhere (₹1,000 crore is
 * 10^12 paise, far inside a JavaScript number's exact range and PostgreSQL's bigint), words in
 * the Indian numbering (lakh, crore), the Indian financial year (April to March, India time), and
 * GST split by the GSTINs' state codes.
 */
import { indianNumber } from './indian-number.ts';

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0–99 in words ("Forty-Two"); '' for 0. */
function twoDigits(n: number): string {
  if (n < 20) {
    return ONES[n] ?? '';
  }
  const unit = n % 10;
  return `${TENS[Math.floor(n / 10)]}${unit ? `-${ONES[unit]}` : ''}`;
}

/** 0–999 in words ("Four Hundred Five"); '' for 0. */
function threeDigits(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', twoDigits(rest)].filter(Boolean).join(' ');
}

/** A whole number in the Indian system: crore, lakh, thousand, hundred ("Twelve Crore Five Lakh Ten"). */
export function indianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`indianWords: ${n} is not a whole number of at least 0`);
  }
  if (n === 0) {
    return 'Zero';
  }
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${indianWords(crore)} Crore` : '',
    lakh ? `${twoDigits(lakh)} Lakh` : '',
    thousand ? `${twoDigits(thousand)} Thousand` : '',
    threeDigits(rest),
  ]
    .filter(Boolean)
    .join(' ');
}

/** An amount in paise as an invoice writes it: "Rupees One Lakh Five Thousand and Fifty Paise Only". */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`rupeesInWords: ${paise} is not a whole number of paise`);
  }
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${indianWords(rupees)}${rest ? ` and ${twoDigits(rest)} Paise` : ''} Only`;
}

/** Paise as the Indian grouping shows them: 1,23,45,678.90. */
export function formatRupees(paise: number): string {
  return indianNumber(paise / 100, { min: 2, max: 2 });
}

/** Paise as the app and its documents show money: ₹1,23,456.00 (Indian grouping). */
export const inr = (paise: number): string => `₹${formatRupees(paise)}`;

/** The Indian financial year of a moment (India time): April to March, labelled "2026-27". */
export function financialYear(at: Date): { label: string; from: string; to: string } {
  const ist = new Date(at.getTime() + 5.5 * 3_600_000);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return { label: `${year}-${String((year + 1) % 100).padStart(2, '0')}`, from: `${year}-04-01`, to: `${year + 1}-03-31` };
}

/** The state code of a GSTIN: its first two digits (27 Maharashtra, 24 Gujarat …). */
export const gstStateCode = (gstin: string): string => gstin.slice(0, 2);

export type GstSplit = { cgstPaise: number; sgstPaise: number; igstPaise: number; totalTaxPaise: number };

/**
 * GST on a taxable amount: within one state CGST and SGST, half the rate each; across states IGST
 * at the whole rate (the GSTINs' state codes decide). Each part is rounded to the paisa, half up,
 * and CGST = SGST always.
 */
export function gstSplit(taxablePaise: number, ratePct: number, supplierGstin: string, recipientGstin: string): GstSplit {
  const tax = (pct: number) => Math.round((taxablePaise * pct) / 100);
  if (gstStateCode(supplierGstin) === gstStateCode(recipientGstin)) {
    const half = tax(ratePct / 2);
    return { cgstPaise: half, sgstPaise: half, igstPaise: 0, totalTaxPaise: 2 * half };
  }
  const igst = tax(ratePct);
  return { cgstPaise: 0, sgstPaise: 0, igstPaise: igst, totalTaxPaise: igst };
}
