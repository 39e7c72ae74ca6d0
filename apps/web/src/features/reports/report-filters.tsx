import { Input, SegmentedControl, Select } from '@mantine/core';
import type { ReportCatalogEntry, SpendGroup } from '@freightdesk/shared/schemas/report';
import { ListToolbar } from '../../components/data-table/list-toolbar.tsx';
import type { UseListParams } from '../../components/data-table/use-list-params.ts';
import { LaneSelect } from './lane-select.tsx';

const DIRECTIONS = [
  { value: '1', label: 'Outbound' },
  { value: '2', label: 'Inbound' },
];
const GROUP_LABEL: Record<SpendGroup, string> = { month: 'Month', lane: 'Lane', plant: 'Plant', carrier: 'Carrier' };

/** Which summary report: the catalog's labels. */
export function ReportPicker({
  catalog,
  entry,
  onChange,
}: {
  catalog: ReportCatalogEntry[];
  entry: ReportCatalogEntry;
  onChange: (name: string) => void;
}) {
  return (
    <Select
      label="Report"
      data={catalog.map((e) => ({ value: e.name, label: e.label }))}
      value={entry.name}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      w={300}
    />
  );
}

/**
 * A summary report's filters, bound to the URL: Plant, Carrier and Lane (searched on the server),
 * Direction (empty: both), the date range under the report's own label (Pickup Date, Gate In
 * Date …).
 */
export function ReportFilters({ params, entry }: { params: UseListParams; entry: ReportCatalogEntry }) {
  return (
    <ListToolbar
      params={params}
      search={false}
      filters={[
        { key: 'plantId', label: 'Plant', source: 'plants' },
        { key: 'carrierLinkId', label: 'Carrier', source: 'carriers' },
        { key: 'direction', label: 'Direction', options: DIRECTIONS },
      ]}
      dateRanges={[{ from: 'from', to: 'to', label: entry.dateLabel }]}
    >
      <LaneSelect report={entry.name} value={params.list.filters.lane ?? null} onChange={(lane) => params.update({ lane })} />
    </ListToolbar>
  );
}

/** How a report that groups (spend) groups its rows: Month, Lane, Plant or Carrier. */
export function GroupByControl({
  entry,
  groupBy,
  onChange,
}: {
  entry: ReportCatalogEntry;
  groupBy: SpendGroup | undefined;
  onChange: (g: SpendGroup) => void;
}) {
  if (!entry.groupBy || !groupBy) {
    return null;
  }
  return (
    <Input.Wrapper label="Group by" labelElement="div">
      <SegmentedControl
        display="flex"
        aria-label="Group by"
        data={entry.groupBy.map((g) => ({ value: g, label: GROUP_LABEL[g] }))}
        value={groupBy}
        onChange={(v) => {
          const picked = entry.groupBy?.find((g) => g === v);
          if (picked) {
            onChange(picked);
          }
        }}
      />
    </Input.Wrapper>
  );
}
