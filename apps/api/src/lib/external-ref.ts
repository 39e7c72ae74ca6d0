import type { DbOrTx } from '../db/client.ts';
import { type ExternalRefKind, externalRefHolder } from '../repositories/external-refs.repository.ts';
import { AppError, uniqueViolation } from './errors.ts';

/**
 * The ERP's own reference on what it creates (issue 34, record 0293): optional, unique within the
 * company. A duplicate is a 409 naming the field `externalRef` and the record that holds it
 * (`details.existingId`), so an ERP that lost an answer can find what it already created.
 */

const LABEL: Record<ExternalRefKind, string> = { order: 'order', request: 'transport request', indent: 'indent' };
/** The unique index of each kind (db/schema): a race past the check below still answers 409. */
const INDEX: Record<ExternalRefKind, string> = {
  order: 'orders_external_ref',
  request: 'transport_requests_external_ref',
  indent: 'indents_external_ref',
};

function duplicate(kind: ExternalRefKind, ref: string, holder: { id: number; number: string } | undefined): AppError {
  const which = holder ? ` by ${LABEL[kind]} ${holder.number} (id ${holder.id})` : '';
  const message = `ERP reference ${ref} is already used${which}.`;
  return new AppError(409, 'DUPLICATE_EXTERNAL_REF', message, { externalRef: message }, undefined, {
    field: 'externalRef',
    existingId: holder?.id ?? null,
  });
}

/** 409 when another record of the company's `kind` already holds `ref` (nothing to check without one). */
export async function checkExternalRef(
  tx: DbOrTx,
  kind: ExternalRefKind,
  industryId: number,
  ref: string | null | undefined,
  exceptId?: number,
): Promise<void> {
  if (!ref) {
    return;
  }
  const holder = await externalRefHolder(tx, kind, industryId, ref, exceptId);
  if (holder) {
    throw duplicate(kind, ref, holder);
  }
}

/**
 * Runs a write whose insert or update may lose a race on the reference: the unique index's
 * violation becomes the same 409 (the holder is read after the failed statement's rollback by
 * the caller's retry, so here it is named without its id).
 */
export async function withExternalRef<T>(kind: ExternalRefKind, ref: string | null | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (ref && uniqueViolation(err) === INDEX[kind]) {
      throw duplicate(kind, ref, undefined);
    }
    throw err;
  }
}
