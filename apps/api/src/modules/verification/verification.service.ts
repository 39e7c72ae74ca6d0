import {
  DEFAULT_VERIFICATION_RULES,
  type GateVerification,
  type OrderVerification,
  VERIFICATION_SETTINGS_DEFAULT_VERSION,
  type VerificationRules,
  type VerificationSettings,
  verificationSettingsInputSchema,
} from '@freightdesk/shared/schemas/verification';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { indiaToday } from '../../lib/india-time.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import {
  lockVerificationRules,
  orderLicences,
  orderRegisterKeys,
  type RegisterCheckRow,
  registerChecksOf,
  saveRegisterCheck,
  saveVerificationRules,
  verificationRulesRow,
} from '../../repositories/register-checks.repository.ts';
import type { RegisterAnswer } from './register-answers.ts';
import type { Registers } from './registers.ts';
import { judge, recordOf } from './verdict.ts';

/**
 * Verified vehicles and drivers (issue 37, record 0307): the registers are asked when a vehicle is
 * assigned (an answer younger than FRESH_MS is reused) and again before gate in; every answer is
 * kept with its dates. A register that cannot be reached never stops a move by itself: the last
 * answer kept is judged, or the vehicle is amber "not verified".
 */
const FRESH_MS = 12 * 3_600_000;

export type VerifyDeps = { db: Db; registers: Registers; log: Pick<FastifyBaseLogger, 'warn'> };
type Register = 'vehicle' | 'licence';

function valuesOf(register: Register, number: string, answer: RegisterAnswer | null, source: string) {
  return {
    register,
    number,
    documents: answer?.documents ?? [],
    status: answer ? answer.status : 'NOT_FOUND',
    holderName: answer?.holderName ?? null,
    classes: answer?.classes ?? null,
    source,
    checkedAt: new Date(),
  };
}

/** Asks the register (unless a fresh answer is kept and `fresh` is not asked for); the answer kept, or null. */
async function check(
  deps: VerifyDeps,
  register: Register,
  number: string,
  ask: () => Promise<RegisterAnswer | null>,
  fresh: boolean,
): Promise<RegisterCheckRow | null> {
  const kept = (await registerChecksOf(deps.db, register, [number])).get(number) ?? null;
  if (!fresh && kept && Date.now() - kept.checkedAt.getTime() < FRESH_MS) {
    return kept;
  }
  let answer: RegisterAnswer | null;
  try {
    answer = await ask();
  } catch (err) {
    deps.log.warn({ err, register, number }, 'register check failed: the last answer kept stands');
    return kept;
  }
  return (await saveRegisterCheck(deps.db, valuesOf(register, number, answer, deps.registers.name))) ?? null;
}

/** VAHAN for a vehicle number. */
export const checkVehicle = (deps: VerifyDeps, number: string, fresh = false) =>
  check(deps, 'vehicle', number, () => deps.registers.vahan(number), fresh);

/** SARATHI for a licence and its holder's date of birth. */
export const checkLicence = (deps: VerifyDeps, licence: string, dob: string, fresh = false) =>
  check(deps, 'licence', licence, () => deps.registers.sarathi(licence, dob), fresh);

/** After a vehicle (and driver) is assigned or changed: both checked, failures only logged. */
export async function verifyAssignment(deps: VerifyDeps, orderId: number, vehicleNumber: string | null): Promise<void> {
  try {
    if (vehicleNumber) {
      await checkVehicle(deps, vehicleNumber);
    }
    const licence = (await orderRegisterKeys(deps.db, orderId))?.licence;
    if (licence) {
      await checkLicence(deps, licence.licence, licence.dob);
    }
  } catch (err) {
    deps.log.warn({ err, orderId }, 'verification after assignment failed');
  }
}

/** The shipper's rules (the defaults while it saved none). */
export async function rulesOf(db: DbOrTx, industryId: number): Promise<VerificationRules> {
  const row = await verificationRulesRow(db, industryId);
  const parsed = row ? verificationSettingsInputSchema.safeParse(row.rules) : null;
  return parsed?.success ? parsed.data : DEFAULT_VERIFICATION_RULES;
}

/**
 * An order's vehicle (or `vehicleAtGate`, the one the guard read) and driver as kept, judged under
 * its shipper's rules today. The caller found the order in its scope.
 */
export async function orderVerification(db: DbOrTx, orderId: number, vehicleAtGate?: string): Promise<OrderVerification> {
  const keys = await orderRegisterKeys(db, orderId);
  const rules = await rulesOf(db, keys?.industryId ?? 0);
  const vehicleNumber = vehicleAtGate ?? keys?.vehicleNumber ?? null;
  const licence = keys?.licence ?? null;
  const today = indiaToday();
  const vehicleRow = vehicleNumber ? (await registerChecksOf(db, 'vehicle', [vehicleNumber])).get(vehicleNumber) : undefined;
  const driverRow = licence ? (await registerChecksOf(db, 'licence', [licence.licence])).get(licence.licence) : undefined;
  const vehicle = vehicleRow ? recordOf(vehicleRow, rules, today) : null;
  const driver = driverRow ? recordOf(driverRow, rules, today) : null;
  const verdict = judge(vehicle, driver, { vehicleNumber, licenceNumber: licence?.licence ?? null }, rules, today);
  return { ...verdict, vehicle, driver };
}

/** Before gate in (outside its transaction): the vehicle at the gate and the order's licence asked again. */
export async function refreshForGate(deps: VerifyDeps, orderId: number, vehicleNumber: string): Promise<void> {
  await checkVehicle(deps, vehicleNumber, true);
  const licence = (await orderRegisterKeys(deps.db, orderId))?.licence;
  if (licence) {
    await checkLicence(deps, licence.licence, licence.dob, true);
  }
}

/**
 * In the gate in's transaction: the vehicle at the gate judged under the shipper's rules; red
 * refuses the gate in with the blocking reasons (409 NOT_CLEARED), so nothing is written.
 */
export async function assertCleared(tx: DbOrTx, orderId: number, vehicleNumber: string): Promise<void> {
  const verdict: GateVerification = await orderVerification(tx, orderId, vehicleNumber);
  if (verdict.level === 'red') {
    const blocking = verdict.reasons.filter((r) => r.endsWith('(blocks gate in)')).map((r) => r.replace(' (blocks gate in)', ''));
    throw new AppError(409, 'NOT_CLEARED', `Gate in refused: ${blocking.join('; ')}. The carrier must change the vehicle or driver.`);
  }
}

/** What the settings page shows. */
export async function getVerificationSettings(db: DbOrTx, industryId: number): Promise<VerificationSettings> {
  const row = await verificationRulesRow(db, industryId);
  const rules = await rulesOf(db, industryId);
  return { ...rules, isDefault: !row, updatedAt: row ? row.updatedAt.toISOString() : VERIFICATION_SETTINGS_DEFAULT_VERSION };
}

/** Saves the shipper's rules, audited. */
export async function updateVerificationSettings(
  db: Db,
  actor: { id: number; industryId: number },
  rules: VerificationRules,
  expected: Date | undefined,
) {
  await db.transaction(async (tx) => {
    await lockVerificationRules(tx, actor.industryId, expected);
    const before = await rulesOf(tx, actor.industryId);
    await saveVerificationRules(tx, actor.industryId, rules, actor.id);
    const row = await verificationRulesRow(tx, actor.industryId);
    await writeAudit(tx, {
      industryId: actor.industryId,
      actorUserId: actor.id,
      entity: 'verification-settings',
      entityId: row?.id ?? 0,
      action: 'update',
      from: before,
      to: rules,
    });
  });
  return getVerificationSettings(db, actor.industryId);
}

/**
 * The gate board's verdicts, in a few queries for the whole board: each order's vehicle and
 * licence as kept, under the shipper's rules (the rows were read in the guard's scope).
 */
export async function boardVerifications(
  db: DbOrTx,
  industryId: number,
  rows: { orderId: number; vehicleNumber: string | null }[],
): Promise<Map<number, GateVerification>> {
  const rules = await rulesOf(db, industryId);
  const today = indiaToday();
  const numbers = rows.map((r) => r.vehicleNumber).filter((n): n is string => Boolean(n));
  const vehicles = await registerChecksOf(db, 'vehicle', numbers);
  const licences = await orderLicences(
    db,
    rows.map((r) => r.orderId),
  );
  const drivers = await registerChecksOf(db, 'licence', [...licences.values()]);
  const out = new Map<number, GateVerification>();
  for (const r of rows) {
    const v = r.vehicleNumber ? vehicles.get(r.vehicleNumber) : undefined;
    const licence = licences.get(r.orderId) ?? null;
    const d = licence ? drivers.get(licence) : undefined;
    const expects = { vehicleNumber: r.vehicleNumber, licenceNumber: licence };
    out.set(r.orderId, judge(v ? recordOf(v, rules, today) : null, d ? recordOf(d, rules, today) : null, expects, rules, today));
  }
  return out;
}
