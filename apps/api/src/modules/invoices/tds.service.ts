import { financialYear } from '@freightdesk/shared/money';
import { type TdsResult, tdsBaseOf, tdsOn } from '@freightdesk/shared/tds';
import type { DbOrTx } from '../../db/client.ts';
import { payeeOn, type TdsParties, yearSoFar } from '../../repositories/tds.repository.ts';

/** The financial year of a day ('2026-12-05' → 2026-27, 1 April to 31 March). */
export const yearOfDay = (day: string) => financialYear(new Date(`${day}T12:00:00+05:30`));

export type TdsDecision = TdsResult & { certificateId: number | null; payeePan: string | null; netPaise: number };

/** A payment to make: its gross and the invoice's figures it is split by (the approved taxable value and amount). */
export type Payable = { grossPaise: number; approvedTaxablePaise: number | null; approvedPaise: number | null; taxablePaise: number };

/**
 * The TDS on payments to one carrier on `day`, made one after another (shared/tds.ts decides): the
 * freight part of each, the payee's PAN, declaration and certificate, and the year so far with the
 * ones before it in the list. Inside a payment's transaction call it after `lockPayee`, so two
 * payments to one carrier cannot both miss the other.
 */
export async function tdsPlan(tx: DbOrTx, parties: TdsParties, day: string, payments: Payable[]): Promise<TdsDecision[]> {
  const fy = yearOfDay(day);
  const payee = await payeeOn(tx, parties, day, fy);
  const year = await yearSoFar(tx, parties, fy);
  return payments.map((p) => {
    const base = tdsBaseOf(p.grossPaise, p.approvedTaxablePaise ?? p.taxablePaise, p.approvedPaise ?? 0);
    const result = tdsOn(base, payee, year);
    year.basePaise += result.basePaise;
    year.coveredPaise += result.deductedOnPaise;
    if (payee.certificate) {
      payee.certificate.remainingPaise -= result.certificatePaise;
    }
    return {
      ...result,
      certificateId: result.certificatePaise > 0 ? payee.certificateId : null,
      payeePan: payee.pan,
      netPaise: p.grossPaise - result.tdsPaise,
    };
  });
}

/** The columns of a payment row that record the decision. */
export const tdsColumns = (d: TdsDecision) => ({
  basePaise: d.basePaise,
  tdsCoveredPaise: d.deductedOnPaise,
  tdsPaise: d.tdsPaise,
  tdsRatePct: d.ratePct,
  tdsRule: d.rule,
  certificateId: d.certificateId,
  certificatePaise: d.certificatePaise,
  payeePan: d.payeePan,
});
