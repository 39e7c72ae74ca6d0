import { type CarrierInputParsed, carrierInputSchema } from '@freightdesk/shared/schemas/carrier';
import type { Db } from '../../db/client.ts';
import { type ImportColumn, type ImportFile, type RowError, refuseImport, validateRows } from '../../lib/import.ts';
import { stateRowErrors } from '../../repositories/common/known-states.ts';
import type { Actor } from '../../lib/tenant-resource.ts';
import {
  contactCompanies,
  contactOwners,
  gstinOwners,
  insertImportedCarriers,
  linkedCarrierIds,
} from '../../repositories/carrier-imports.repository.ts';
import { carrierLinkResource } from '../../repositories/carriers.repository.ts';

export const CARRIER_IMPORT_COLUMNS: ImportColumn[] = [
  { key: 'name', label: 'Carrier name', example: 'Shree Ganesh Transport' },
  { key: 'contactName', label: 'Contact person', example: 'Prakash More' },
  { key: 'mobile', label: 'Mobile', example: '9765432101' },
  { key: 'email', label: 'Email', example: 'dispatch@ganeshtransport.in' },
  { key: 'pan', label: 'PAN', example: 'AABCS1234K' },
  { key: 'gstin', label: 'GSTIN', example: '27AABCS1234K1ZG' },
  { key: 'address', label: 'Address', example: 'Transport Nagar, Nashik Road' },
  { key: 'city', label: 'City', example: 'Nashik' },
  { key: 'state', label: 'State', example: 'Maharashtra' },
  { key: 'pincode', label: 'PIN code', example: '422101' },
  { key: 'fleetSize', label: 'Fleet size', example: '40' },
  { key: 'code', label: 'Code', example: 'SGT' },
];

function toInput(r: Record<string, string>) {
  const fleet = r.fleetSize ? Number(r.fleetSize) : undefined;
  return { ...r, fleetSize: Number.isNaN(fleet) ? r.fleetSize : fleet, groupIds: [] };
}

/** Finds rows that repeat a mobile or email of an earlier row of the same file. */
function duplicatesInFile(rows: CarrierInputParsed[]): RowError[] {
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  rows.forEach((r, i) => {
    for (const [field, value] of [
      ['mobile', r.mobile],
      ['email', r.email],
      ['gstin', r.gstin],
    ] as const) {
      if (!value) {
        continue;
      }
      const first = seen.get(`${field}:${value}`);
      if (first !== undefined) {
        errors.push({ row: i + 2, field, message: `Same ${field} as row ${first + 2}` });
      } else {
        seen.set(`${field}:${value}`, i);
      }
    }
  });
  return errors;
}

export type ImportResult = { created: number; linked: number; invites: { id: number; name: string; email: string }[] };

/**
 * Imports carriers from a CSV or XLSX file, whole or not at all: every row is checked first
 * (format, duplicates in the file, contacts of non-carrier accounts, carriers already linked).
 */
export async function importCarriers(db: Db, actor: Actor, file: ImportFile): Promise<ImportResult> {
  const { parsed, errors, rows } = await validateRows(file.records, toInput, carrierInputSchema);
  errors.push(...(await stateRowErrors(db, parsed, rows, carrierInputSchema)));
  if (errors.length) {
    refuseImport(errors.sort((x, y) => x.row - y.row));
  }
  const dupes = duplicatesInFile(parsed);
  if (dupes.length) {
    refuseImport(dupes);
  }
  return db.transaction(async (tx) => {
    const owners = await contactOwners(tx, parsed);
    const companies = await contactCompanies(tx, parsed);
    const linked = await linkedCarrierIds(tx, actor.industryId);
    const gstinOwnerIds = await gstinOwners(
      tx,
      parsed.map((r) => r.gstin).filter((g): g is string => Boolean(g)),
    );
    const rowErrors: RowError[] = [];
    const existing: { row: CarrierInputParsed; carrierId: number }[] = [];
    const fresh: CarrierInputParsed[] = [];
    parsed.forEach((row, i) => {
      const owner = owners.get(`m:${row.mobile}`) ?? owners.get(`e:${row.email}`);
      if (owner && owner.userType !== 2) {
        rowErrors.push({ row: i + 2, field: 'email', message: 'This contact belongs to a shipper or admin account, not a carrier' });
        return;
      }
      const carrierId = owner?.carrierId ?? companies.get(`m:${row.mobile}`) ?? companies.get(`e:${row.email}`);
      const gstinOwner = row.gstin ? gstinOwnerIds.get(row.gstin) : undefined;
      if (gstinOwner && gstinOwner !== carrierId) {
        rowErrors.push({ row: i + 2, field: 'gstin', message: 'Another carrier company already has this GSTIN' });
      } else if (carrierId && linked.has(carrierId)) {
        rowErrors.push({ row: i + 2, field: 'mobile', message: 'This carrier is already in My Carriers' });
      } else if (carrierId) {
        existing.push({ row, carrierId });
      } else {
        fresh.push(row);
      }
    });
    if (rowErrors.length) {
      refuseImport(rowErrors);
    }
    const invites = await insertImportedCarriers(tx, actor.industryId, fresh, existing);
    await carrierLinkResource.audit(tx, actor, 0, 'import', undefined, {
      created: fresh.length,
      linked: existing.length,
      file: file.fileName,
    });
    return { created: fresh.length, linked: existing.length, invites };
  });
}
