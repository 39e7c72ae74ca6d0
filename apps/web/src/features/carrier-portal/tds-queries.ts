import { queryOptions } from '@tanstack/react-query';
import { financialYear, inr } from '@freightdesk/shared/money';
import type {
  TdsCertificateInput,
  TdsCertificateView,
  TdsDeclarationInput,
  TdsDeclarationView,
  TdsProfile,
} from '@freightdesk/shared/schemas/tds';
import { api } from '../../lib/api.ts';
import { formatDate, plural } from '../../lib/format.ts';
import { companyQuery } from './company-query.ts';

/** Under the company's key: what the company's PAN decides is read with it. */
export const TDS_KEY = [...companyQuery.queryKey, 'tds'] as const;
const TDS_PATH = '/carrier/company/tds';

/** `GET /api/carrier/company/tds`: the carrier's PAN, its 194C(6) declarations and its lower-deduction certificates. */
export const tdsProfileQuery = () =>
  queryOptions({
    queryKey: TDS_KEY,
    queryFn: () => api.get<{ data: TdsProfile }>(TDS_PATH).then((r) => r.data),
  });

/** `PUT /api/carrier/company/tds/declaration`: the year's declaration (ten or fewer goods carriages); the profile as saved. */
export const saveTdsDeclaration = (body: TdsDeclarationInput) =>
  api.put<{ data: TdsProfile }>(`${TDS_PATH}/declaration`, body).then((r) => r.data);

/** `POST /api/carrier/company/tds/certificates`: a lower-deduction certificate for one shipper; the profile as saved. */
export const addTdsCertificate = (body: TdsCertificateInput) =>
  api.post<{ data: TdsProfile }>(`${TDS_PATH}/certificates`, body).then((r) => r.data);

/** The declaration for the financial year `at` falls in (India time), if the carrier gave one. */
export function currentDeclaration(profile: TdsProfile | undefined, at = new Date()): TdsDeclarationView | null {
  const year = financialYear(at).label;
  return profile?.declarations.find((d) => d.financialYear === year) ?? null;
}

/** "Declared on 05 Dec 2026: 8 goods carriages — shippers deduct no TDS this year". */
export const declarationSentence = (d: TdsDeclarationView): string =>
  `Declared on ${formatDate(d.declaredOn)}: ${plural(d.carriages, 'goods carriage', 'goods carriages')} — shippers deduct no TDS this year`;

const rate = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** A certificate's rate as the officer wrote it, to two decimals ("0.75%"): the one-decimal rule of percent.ts would misstate it. */
export const certificateRate = (ratePct: number): string => `${rate.format(ratePct)}%`;

/** "01 Apr 2026 – 31 Mar 2027" */
export const certificatePeriod = (c: Pick<TdsCertificateView, 'validFrom' | 'validTo'>): string =>
  `${formatDate(c.validFrom)} – ${formatDate(c.validTo)}`;

/** "Covers ₹5,00,000.00; ₹1,20,000.00 used" */
export const certificateUse = (c: Pick<TdsCertificateView, 'limitPaise' | 'usedPaise'>): string =>
  `Covers ${inr(c.limitPaise)}; ${inr(c.usedPaise)} used`;
