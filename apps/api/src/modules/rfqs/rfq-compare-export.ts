import type { LaneComparison } from '@freightdesk/shared/schemas/rfq';
import type { ExportColumn } from '../../lib/export.ts';

type Row = Record<string, string | number | null>;

/**
 * The comparison as a sheet for the review meeting: one row per lane with its benchmark, L1–L3
 * (carrier and amount), spread and saving, then a column per carrier with its standing quote
 * ("declined" where it declined, empty where it never quoted) — the lane × carrier matrix.
 */
export function compareSheet(lanes: LaneComparison[]): { rows: Row[]; columns: ExportColumn<Row>[] } {
  const carriers = new Map<number, string>();
  for (const lane of lanes) {
    for (const q of lane.quotes) {
      carriers.set(q.carrierLinkId, q.carrierName);
    }
  }
  const ordered = [...carriers].sort((a, b) => a[1].localeCompare(b[1]));
  const rows = lanes.map((lane) => {
    const ranked = lane.quotes.filter((q) => q.rank !== null).sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
    const row: Row = {
      lane: lane.seq,
      label: lane.label,
      benchmark: lane.benchmarkRupees,
      spread: lane.spreadRupees,
      saving: lane.savingPct,
    };
    for (const n of [1, 2, 3]) {
      const q = ranked[n - 1];
      row[`l${n}Carrier`] = q?.carrierName ?? null;
      row[`l${n}Amount`] = q?.amountRupees ?? null;
    }
    for (const [link] of ordered) {
      const q = lane.quotes.find((x) => x.carrierLinkId === link);
      row[`c${link}`] = q ? (q.declined ? 'declined' : q.amountRupees) : null;
    }
    return row;
  });
  const columns: ExportColumn<Row>[] = [
    { key: 'lane', label: 'Lane no.' },
    { key: 'label', label: 'Lane' },
    { key: 'benchmark', label: 'Benchmark (₹)' },
    ...[1, 2, 3].flatMap((n) => [
      { key: `l${n}Carrier`, label: `L${n} carrier` },
      { key: `l${n}Amount`, label: `L${n} (₹)` },
    ]),
    { key: 'spread', label: 'Spread (₹)' },
    { key: 'saving', label: 'Saving vs benchmark (%)' },
    ...ordered.map(([link, name]) => ({ key: `c${link}`, label: `${name} (₹)` })),
  ];
  return { rows, columns };
}
