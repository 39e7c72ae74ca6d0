import type { z } from 'zod';
import type { carrierBankAccountSchema } from '@freightdesk/shared/schemas/carrier';
import type { Db, DbOrTx } from '../../db/client.ts';
import { shipperViewers } from '../../lib/access.ts';
import { writeAudit } from '../../repositories/audit.repository.ts';
import { notFound } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { activeShipperLinks, type CarrierRecord, lockCarrier, updateCarrierBank } from '../../repositories/carrier-company.repository.ts';

/** An account number as an audit or a message shows it: the last four digits. */
export const maskedAccount = (number: string | null) => (number ? `••••${number.slice(-4)}` : null);

/**
 * The carrier's users set where shippers pay it. The change is audited (the account number masked)
 * and every shipper working with the carrier is told — its users who see the payment summary — so
 * a changed account is never paid unnoticed (the common invoice fraud is a changed bank account).
 */
export async function updateBankAccount(
  db: Db,
  user: { id: number; carrierId: number },
  input: z.infer<typeof carrierBankAccountSchema>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockCarrier(tx, user.carrierId);
    if (!before) {
      throw notFound('Carrier');
    }
    const values = {
      bankAccountName: input.accountName,
      bankAccountNumber: input.accountNumber,
      bankIfsc: input.ifsc,
      bankName: input.bankName ?? null,
    };
    const changed =
      before.bankAccountName !== values.bankAccountName ||
      before.bankAccountNumber !== values.bankAccountNumber ||
      before.bankIfsc !== values.bankIfsc ||
      before.bankName !== values.bankName;
    if (!changed) {
      return;
    }
    await updateCarrierBank(tx, user.carrierId, values);
    const shown = (v: typeof values) => ({ ...v, bankAccountNumber: maskedAccount(v.bankAccountNumber) });
    await writeAudit(tx, {
      industryId: null,
      actorUserId: user.id,
      entity: 'carrier',
      entityId: user.carrierId,
      action: 'update',
      from: shown({
        bankAccountName: before.bankAccountName ?? '',
        bankAccountNumber: before.bankAccountNumber ?? '',
        bankIfsc: before.bankIfsc ?? '',
        bankName: before.bankName,
      }),
      to: shown(values),
    });
    await tellShippers(tx, user.carrierId, before, input);
  });
}

/** Tells the payers of every shipper working with the carrier that its bank account was added or changed. */
async function tellShippers(
  tx: DbOrTx,
  carrierId: number,
  before: Pick<CarrierRecord, 'name' | 'bankAccountNumber'>,
  input: z.infer<typeof carrierBankAccountSchema>,
): Promise<void> {
  // A first account is news; a replaced one is the usual invoice fraud: confirm before paying.
  const first = !before.bankAccountNumber;
  const account = `${input.ifsc}, account ${maskedAccount(input.accountNumber)}`;
  const notice = { type: 'invoice', referId: 0, requestType: 1 } as const;
  const added = {
    ...notice,
    title: 'Carrier bank account added',
    msg: `${before.name} added the bank account its invoices are paid to: ${account}.`,
  };
  const replaced = {
    ...notice,
    title: 'Carrier bank account changed',
    msg: `${before.name} changed the bank account its invoices are paid to: now ${account}. Confirm with them before the next payment.`,
  };
  const links = await activeShipperLinks(tx, carrierId);
  for (const { industryId } of links) {
    const payers = (await shipperViewers(tx, industryId)).filter((v) => v.permissions.includes('payment-summary')).map((v) => v.id);
    await notify(tx, payers, first ? added : replaced);
  }
}
