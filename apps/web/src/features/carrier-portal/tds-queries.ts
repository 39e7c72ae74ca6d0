import { financialYear, inr } from '@freightdesk/shared/money';
import type { TdsCertificateView, TdsDeclarationView, TdsProfile } from '@freightdesk/shared/schemas/tds';
import { formatDate, plural } from '../../lib/format.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

/** The declaration for the financial year `at` falls in (India time), if the carrier gave one. */
export function currentDeclaration(profile: TdsProfile | undefined, at = new Date()): TdsDeclarationView | null {
  const year = financialYear(at).label;
  return profile?.declarations.find((d) => d.financialYear === year) ?? null;
}

/** "Declared on 05 Dec 2026: 8 goods carriages — shippers deduct no TDS this year". */
export const declarationSentence = (d: TdsDeclarationView): string =>
  `Declared on ${formatDate(d.declaredOn)}: ${plural(d.carriages, 'goods carriage', 'goods carriages')} — shippers deduct no TDS this year`;

const rate = (n: number) => indianNumber(n, { max: 2 });

/** A certificate's rate as the officer wrote it, to two decimals ("0.75%"): the one-decimal rule of percent.ts would misstate it. */
export const certificateRate = (ratePct: number): string => `${rate(ratePct)}%`;

/** "01 Apr 2026 – 31 Mar 2027" */
export const certificatePeriod = (c: Pick<TdsCertificateView, 'validFrom' | 'validTo'>): string =>
  `${formatDate(c.validFrom)} – ${formatDate(c.validTo)}`;

/** "Covers ₹5,00,000.00; ₹1,20,000.00 used" */
export const certificateUse = (c: Pick<TdsCertificateView, 'limitPaise' | 'usedPaise'>): string =>
  `Covers ${inr(c.limitPaise)}; ${inr(c.usedPaise)} used`;
