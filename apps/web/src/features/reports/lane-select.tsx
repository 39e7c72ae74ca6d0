import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { ReportName } from '@freightdesk/shared/schemas/report';
import { useReportLanes } from './api/get-report-lanes.ts';

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'searchable' | 'filter'> & {
  /** Whose lanes: the report's records (orders, requests, indents, contracts). */
  report: ReportName;
  value: string | null;
  onChange: (lane: string | null) => void;
};

/**
 * The Lane filter: the lanes the user's records of the report ran on ("Pune Chakan Plant → Surat"),
 * most used first, searched on the server as the user types (`GET /api/reports/:name/lanes`).
 */
export function LaneSelect({ report, value, onChange, ...props }: Props) {
  const [search, setSearch] = useState('');
  // Mantine puts the chosen lane into the search box: that is not a search.
  const typed = search === value ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 250);
  const lanes = useReportLanes(report, debounced);
  const found = lanes.data ?? [];
  const data = value && !found.includes(value) ? [value, ...found] : found;
  return (
    <Select
      label="Lane"
      placeholder="All"
      clearable
      miw={300}
      {...props}
      data={data}
      value={value}
      onChange={(v) => onChange(v || null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already searched: show its rows as they are.
      filter={({ options }) => options}
      nothingFoundMessage={lanes.isError ? 'Could not load the lanes' : typed ? `No lane matches “${typed}”` : 'No lanes yet'}
      rightSection={lanes.isFetching ? <Loader size={14} /> : undefined}
    />
  );
}
