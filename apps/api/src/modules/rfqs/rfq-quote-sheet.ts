import type { CarrierRfq, RfqQuotesInput } from '@freightdesk/shared/schemas/rfq';
import type { ExportColumn } from '../../lib/export.ts';
import { type ImportColumn, type ImportFile, type RowError, refuseImport } from '../../lib/import.ts';

/**
 * A carrier's lane sheet: the RFQ's lanes (of the open round) with its standing rate, to fill in a
 * spreadsheet and upload back. Rows are matched by lane number; a row left blank is not quoted, a
 * "Decline" of yes declines the lane.
 */
export const QUOTE_SHEET_COLUMNS: ImportColumn[] = [
  { key: 'lane', label: 'Lane no.', example: '1' },
  { key: 'origin', label: 'Origin', example: 'Pune Plant, Pune' },
  { key: 'destination', label: 'Destination', example: 'Surat DC, Surat' },
  { key: 'vehicleType', label: 'Vehicle type', example: '32 ft MXL' },
  { key: 'tripsPerMonth', label: 'Trips per month', example: '40' },
  { key: 'material', label: 'Material', example: '' },
  { key: 'weightTonnes', label: 'Weight (t)', example: '18' },
  { key: 'rateRupees', label: 'Your rate (₹)', example: '41000' },
  { key: 'decline', label: 'Decline (yes/no)', example: 'no' },
];

export type SheetRow = Record<(typeof QUOTE_SHEET_COLUMNS)[number]['key'], string | number | null>;

/** The sheet's rows: each lane the open round asks for (every lane when none is open), with the carrier's standing quote. */
export function quoteSheetRows(rfq: CarrierRfq): SheetRow[] {
  const open = rfq.openRound?.laneIds;
  return rfq.laneList
    .filter((l) => !open || open.includes(l.id))
    .map((l) => {
      const mine = rfq.myQuotes.find((q) => q.laneId === l.id);
      return {
        lane: l.seq,
        origin: l.origin.label,
        destination: l.destination.label,
        vehicleType: l.vehicleTypeName,
        tripsPerMonth: l.tripsPerMonth,
        material: l.productName ?? '',
        weightTonnes: l.weightTonnes,
        rateRupees: mine?.amountRupees ?? null,
        decline: mine?.declined ? 'yes' : '',
      };
    });
}

export const quoteSheetExportColumns: ExportColumn<SheetRow>[] = QUOTE_SHEET_COLUMNS.map((c) => ({ key: c.key, label: c.label }));

const YES = new Set(['yes', 'y', 'true', '1', 'decline', 'declined']);
const NO = new Set(['', 'no', 'n', 'false', '0']);

/**
 * The uploaded sheet as quotes, whole or not at all: each row's lane number must be a lane of the
 * RFQ (once), its rate a positive amount or its decline "yes", never both; blank rows are skipped.
 * The quotes then go through the same submit as the form (round, window and lane checks).
 */
export function quotesFromSheet(rfq: CarrierRfq, file: ImportFile): RfqQuotesInput {
  const bySeq = new Map(rfq.laneList.map((l) => [l.seq, l.id]));
  const errors: RowError[] = [];
  const quotes: RfqQuotesInput['quotes'] = [];
  const seen = new Map<number, number>();
  file.records.forEach((r, i) => {
    const row = i + 2;
    const rate = (r.rateRupees ?? '').replace(/[₹,\s]/g, '');
    const decline = (r.decline ?? '').trim().toLowerCase();
    if (!rate && NO.has(decline)) {
      return; // not quoted
    }
    const seq = Number((r.lane ?? '').trim());
    const laneId = bySeq.get(seq);
    if (!laneId) {
      errors.push({ row, field: 'lane', message: `Lane no. "${r.lane ?? ''}" is not a lane of this RFQ` });
      return;
    }
    if (seen.has(seq)) {
      errors.push({ row, field: 'lane', message: `Lane ${seq} is also on row ${seen.get(seq)}` });
      return;
    }
    seen.set(seq, row);
    if (!YES.has(decline) && !NO.has(decline)) {
      errors.push({ row, field: 'decline', message: 'Decline must be yes or no' });
      return;
    }
    if (YES.has(decline)) {
      if (rate) {
        errors.push({ row, field: 'rateRupees', message: 'A declined lane has no rate: clear the rate or the decline' });
        return;
      }
      quotes.push({ laneId, declined: true });
      return;
    }
    const amount = Number(rate);
    if (!Number.isFinite(amount) || amount <= 0 || amount > 100_000_000 || Math.round(amount * 100) !== amount * 100) {
      errors.push({ row, field: 'rateRupees', message: 'Your rate must be an amount in rupees above 0 (at most 2 decimals)' });
      return;
    }
    quotes.push({ laneId, amountRupees: amount });
  });
  if (!errors.length && !quotes.length) {
    errors.push({ row: 2, field: 'rateRupees', message: 'The sheet has no rate and no decline: fill in at least one lane' });
  }
  if (errors.length) {
    refuseImport(errors, 'No quote was saved');
  }
  return { quotes };
}
