import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ANY_DAY, type ReportCatalogEntry, type SpendGroup } from '@freightdesk/shared/schemas/report';
import { useListParams } from '../../components/data-table/use-list-params.ts';
import { todayInIndia } from '../../components/form/date-time.ts';

/** The filters ListToolbar binds (its Clear filters clears these; the report and its grouping stay). */
export const REPORT_FILTER_KEYS = ['plantId', 'carrierLinkId', 'lane', 'direction', 'from', 'to'] as const;
/** The filters sent as text (the others are ids and the direction, sent as numbers). */
const TEXT_FILTERS: readonly string[] = ['lane', 'from', 'to'];

/** The current month in India, first to last day (YYYY-MM-DD). */
export function currentMonth(today = todayInIndia()): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = today.slice(0, 8);
  return { from: `${prefix}01`, to: `${prefix}${String(last).padStart(2, '0')}` };
}

/**
 * The report filters a summary report and its export take: ids and direction as numbers (lane and days as text), only
 * what is set, the grouping only for a report that groups.
 */
export function reportFilters(filters: Record<string, string>, groupBy: SpendGroup | undefined): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const key of REPORT_FILTER_KEYS) {
    const value = filters[key];
    if (value) {
      out[key] = TEXT_FILTERS.includes(key) ? value : Number(value);
    }
  }
  if (groupBy) {
    out.groupBy = groupBy;
  }
  return out;
}

/**
 * The summary report on screen, kept in the URL query so a link (the dashboard's charts) opens it
 * as it was: `/my-reports?report=spend&groupBy=month&from=2026-09-01&plantId=3`. Without a report
 * the catalog's first is shown; an unknown one falls back to it (`unknownReport` names it). A URL
 * without any date gets the current month, written into the URL so the picker shows it and Clear
 * filters can remove it.
 */
export function useReportParams(catalog: ReportCatalogEntry[] | undefined) {
  const params = useListParams(REPORT_FILTER_KEYS);
  const [search] = useSearchParams();
  const { update } = params;
  const { filters, page, pageSize } = params.list;
  const asked = search.get('report');
  const named = catalog?.find((e) => e.name === asked);
  const entry = named ?? catalog?.[0];
  const askedGroup = search.get('groupBy');
  const groupBy = entry?.groupBy ? (entry.groupBy.find((g) => g === askedGroup) ?? entry.groupBy[0]) : undefined;

  // A link that asks for every day (`days=any`: the dashboard without dates) keeps every day.
  const hasDates = Boolean(filters.from || filters.to) || search.get('days') === ANY_DAY;
  // Once, on opening: a link without dates shows the current month (later clearing keeps "any day").
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the URL the page opened with
  useEffect(() => {
    if (!hasDates) {
      update(currentMonth());
    }
  }, []);

  const apiFilters = useMemo(() => reportFilters(filters, groupBy), [filters, groupBy]);
  const query = useMemo(() => ({ ...apiFilters, page, pageSize }), [apiFilters, page, pageSize]);

  return {
    params,
    entry,
    groupBy,
    unknownReport: asked && catalog && !named ? asked : null,
    /** The filters without the page, as the export takes them. */
    filters: apiFilters,
    /** The filters with the page, as `GET /api/reports/:name` takes them. */
    query,
    setReport: (name: string) => update({ report: name, groupBy: null }),
    setGroupBy: (g: SpendGroup) => update({ groupBy: g }),
  };
}
