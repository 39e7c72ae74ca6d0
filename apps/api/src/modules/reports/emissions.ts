import { ordersFor } from '../../lib/policy.ts';
import { brsrStatements, EMISSION_GROUP_LABEL, emissionStatements } from '../../repositories/report-emissions.repository.ts';
import type { SummaryReport } from './summary.ts';

/**
 * Emissions (issue 37, record 0308): the well-to-wheel CO2e of finished loads (figures kept when
 * their trip ended, ISO 14083 / GLEC v3), by month, lane, plant or carrier, with the tonne-km,
 * the intensity and the share measured on a tracked distance. Loads still on the road are left out.
 */
export const emissionsReport: SummaryReport = {
  name: 'emissions',
  description: 'Well-to-wheel CO2e of finished loads (ISO 14083 / GLEC), by month, lane, plant or carrier.',
  dateLabel: 'Pickup Date',
  groupBy: ['month', 'lane', 'plant', 'carrier'],
  columns: (p) => [
    { key: 'label', label: EMISSION_GROUP_LABEL[p.groupBy ?? 'month'], kind: 'text' },
    { key: 'loads', label: 'Loads', kind: 'count' },
    { key: 'tonneKm', label: 'Tonne-km', kind: 'tonnes' },
    { key: 'wtwKg', label: 'CO2e WTW (kg)', kind: 'count' },
    { key: 'intensity', label: 'g CO2e per tonne-km', kind: 'tonnes' },
    { key: 'trackedPercent', label: 'Tracked distance %', kind: 'percent' },
    { key: 'withoutFigure', label: 'Loads without a figure', kind: 'count' },
  ],
  scope: (viewer, p) => ordersFor(viewer, 'export', p.direction),
  refused: 'You need the order list permission for this report.',
  ...emissionStatements,
};

/** BRSR Principle 6, Scope 3 category 4 (upstream transportation and distribution), per financial year and mode. */
export const brsrScope3Report: SummaryReport = {
  name: 'brsr-scope3',
  description: 'BRSR Scope 3, category 4 (upstream transportation): tonnes CO2e per financial year and mode, with method and factors.',
  dateLabel: 'Pickup Date',
  columns: () => [
    { key: 'label', label: 'Financial year', kind: 'text' },
    { key: 'category', label: 'Scope 3 category', kind: 'text' },
    { key: 'mode', label: 'Mode', kind: 'text' },
    { key: 'loads', label: 'Shipments', kind: 'count' },
    { key: 'tonneKm', label: 'Tonne-km', kind: 'tonnes' },
    { key: 'co2eTonnes', label: 'Emissions (t CO2e, WTW)', kind: 'tonnes' },
    { key: 'intensity', label: 'g CO2e per tonne-km', kind: 'tonnes' },
    { key: 'trackedPercent', label: 'Primary data (tracked distance) %', kind: 'percent' },
    { key: 'method', label: 'Method', kind: 'text' },
    { key: 'factorVersions', label: 'Emission factor versions', kind: 'text' },
  ],
  scope: (viewer, p) => ordersFor(viewer, 'export', p.direction),
  refused: 'You need the order list permission for this report.',
  ...brsrStatements,
};
