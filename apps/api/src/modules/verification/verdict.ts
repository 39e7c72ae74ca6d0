import { formatDay } from '@freightdesk/shared/date-time';
import {
  type DocumentCheck,
  type DocumentState,
  EXPIRY_NOTICE_DAYS,
  type GateVerification,
  REGISTER_DOC_LABEL,
  type RegisterDoc,
  type RegisterRecord,
  type VerificationLevel,
  type VerificationRules,
} from '@freightdesk/shared/schemas/verification';
import type { RegisterCheckRow } from '../../repositories/register-checks.repository.ts';
import { goodsCategoryName, goodsCategoryOf, licenceClassesOf, licenceCovers } from './licence-classes.ts';
import { LIFETIME } from './register-answers.ts';

/**
 * What the registers' answers mean at a shipper's gate on a day (record 0307): red when a
 * document the shipper's rules block on has lapsed (or the registration is not active or is
 * blacklisted); amber when a warned document has lapsed or is not in the register, a blocking one
 * is not in the register, a document ends within EXPIRY_NOTICE_DAYS, or nothing was checked; green
 * otherwise. The reasons say it in words, the worst first.
 */
const DAY = 86_400_000;

/** The day `days` after an India day (YYYY-MM-DD). */
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

export function documentState(validTo: string | null, today: string): DocumentState {
  if (!validTo) {
    return 'missing';
  }
  if (validTo < today) {
    return 'expired';
  }
  return validTo <= addDays(today, EXPIRY_NOTICE_DAYS) ? 'expiring' : 'valid';
}

type Finding = { level: VerificationLevel; reason: string };

const isActive = (status: string | null) => status === null || status === 'ACTIVE';

function finding(d: DocumentCheck, today: string): Finding | null {
  if (d.effect === 'ignore') {
    return null;
  }
  const blocks = d.effect === 'block' ? ' (blocks gate in)' : '';
  if (d.state === 'expired') {
    return { level: d.effect === 'block' ? 'red' : 'amber', reason: `${d.label} expired on ${formatDay(d.validTo)}${blocks}` };
  }
  if (d.state === 'missing') {
    return { level: 'amber', reason: `${d.label}: no valid-to date in the register` };
  }
  if (d.state === 'expiring') {
    const days = Math.round((Date.parse(`${d.validTo}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY);
    return { level: 'amber', reason: `${d.label} ends on ${formatDay(d.validTo)} (${days === 0 ? 'today' : `in ${days} days`})` };
  }
  return null;
}

/** A register's stored answer with each document's state and effect under these rules. */
export function recordOf(row: RegisterCheckRow, rules: VerificationRules, today: string): RegisterRecord {
  const stored = (Array.isArray(row.documents) ? row.documents : []) as { doc: RegisterDoc; validTo: string | null }[];
  return {
    register: row.register === 'licence' ? 'licence' : 'vehicle',
    number: row.number,
    status: row.status,
    holderName: row.holderName,
    classes: row.classes,
    source: row.source,
    checkedAt: row.checkedAt.toISOString(),
    documents: stored.map((d) => ({
      doc: d.doc,
      label: REGISTER_DOC_LABEL[d.doc] ?? d.doc,
      validTo: d.validTo === LIFETIME ? null : d.validTo,
      state: d.validTo === LIFETIME ? 'valid' : documentState(d.validTo, today),
      effect: rules[d.doc] ?? 'warn',
    })),
  };
}

function statusFinding(record: RegisterRecord, rules: VerificationRules): Finding | null {
  const rule = record.register === 'vehicle' ? rules.registration : rules.licence;
  if (rule === 'ignore' || isActive(record.status)) {
    return null;
  }
  const what = record.register === 'vehicle' ? `Vehicle ${record.number}` : `Driving licence ${record.number}`;
  const said = record.status === 'NOT_FOUND' ? 'is not in the register' : `is ${record.status?.toLowerCase()} in the register`;
  return { level: rule === 'block' ? 'red' : 'amber', reason: `${what} ${said}${rule === 'block' ? ' (blocks gate in)' : ''}` };
}

/**
 * Whether the licence covers the vehicle's class, under the licence's rule: red (when it blocks)
 * for a licence that does not, amber when a register did not say enough to judge.
 */
function classFinding(vehicle: RegisterRecord | null, driver: RegisterRecord | null, rules: VerificationRules): Finding | null {
  if (!vehicle || !driver || rules.licence === 'ignore' || !isActive(driver.status)) {
    return null;
  }
  const cover = licenceCovers(vehicle.classes, driver.classes);
  if (cover.covers === true) {
    return null;
  }
  if (cover.covers === null) {
    return { level: 'amber', reason: `Licence class not checked: ${cover.why}` };
  }
  const held = licenceClassesOf(driver.classes).join(', ');
  const what = goodsCategoryName(goodsCategoryOf(vehicle.classes) ?? '');
  const blocks = rules.licence === 'block';
  return {
    level: blocks ? 'red' : 'amber',
    reason: `Driving licence ${driver.number} (${held}) does not cover a ${what}: it needs ${cover.needs}${blocks ? ' (blocks gate in)' : ''}`,
  };
}

const RANK: Record<VerificationLevel, number> = { red: 2, amber: 1, green: 0 };

/**
 * The verdict of a vehicle's (and, when the order names one, a licence's) register answers.
 * `vehicle` null: not checked yet (amber); `licenceNumber` set but `driver` null: likewise.
 */
export function judge(
  vehicle: RegisterRecord | null,
  driver: RegisterRecord | null,
  expects: { vehicleNumber: string | null; licenceNumber: string | null },
  rules: VerificationRules,
  today: string,
): GateVerification {
  const found: Finding[] = [];
  if (expects.vehicleNumber && !vehicle) {
    found.push({ level: 'amber', reason: `Vehicle ${expects.vehicleNumber} is not verified yet (VAHAN has not answered)` });
  }
  if (expects.licenceNumber && !driver && rules.licence !== 'ignore') {
    found.push({ level: 'amber', reason: `Driving licence ${expects.licenceNumber} is not verified yet (SARATHI has not answered)` });
  }
  for (const record of [vehicle, driver]) {
    if (!record) {
      continue;
    }
    const status = statusFinding(record, rules);
    if (status) {
      found.push(status);
    }
    for (const d of record.documents) {
      const f = finding(d, today);
      if (f) {
        found.push(f);
      }
    }
  }
  const byClass = classFinding(vehicle, driver, rules);
  if (byClass) {
    found.push(byClass);
  }
  found.sort((a, b) => RANK[b.level] - RANK[a.level]);
  const level = found[0]?.level ?? 'green';
  return { level, reasons: found.map((f) => f.reason) };
}
