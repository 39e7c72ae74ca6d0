import { Loader, Select, type SelectProps, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Ref, useState } from 'react';
import type { IndentLane } from '@freightdesk/shared/schemas/indent';
import { SEARCH_DEBOUNCE_MS } from '../../components/form/use-server-options.ts';
import { formatInr } from '../../lib/format.ts';
import { useIndentLanes } from './api/get-indent-lanes.ts';

const PAGE = 25;
const laneText = (l: IndentLane) => `${l.label} · ${l.vehicleTypeName}`;

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter' | 'searchable'> & {
  value: IndentLane | null;
  onChange: (lane: IndentLane | null) => void;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * The contracted lanes an indent can go on, searched on the server (`GET /api/indents/lanes`) as
 * the user types: never the whole list. The chosen lane is kept whole, so its carriers show below.
 */
export function LanePicker({ value, onChange, inputRef, description, ...props }: Props) {
  const [search, setSearch] = useState('');
  // Mantine puts the chosen lane's text into the search box: that is not a search.
  const typed = value && search === laneText(value) ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const lanes = useIndentLanes(debounced, PAGE);
  const rows = lanes.data?.data ?? [];
  const shown = value && !rows.some((l) => l.id === value.id) ? [value, ...rows] : rows;
  const more = (lanes.data?.total ?? 0) > rows.length;
  const data = [
    ...shown.map((l) => ({ value: String(l.id), label: laneText(l) })),
    ...(more ? [{ value: '__more__', label: `Showing ${rows.length} of ${lanes.data?.total} — type to find others`, disabled: true }] : []),
  ];
  const empty = lanes.isSuccess && !debounced && rows.length === 0;
  return (
    <Select
      {...props}
      ref={inputRef}
      data={data}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched already.
      filter={({ options }) => options}
      openOnFocus={false}
      value={value ? String(value.id) : null}
      onChange={(v) => onChange(shown.find((l) => String(l.id) === v) ?? null)}
      rightSection={lanes.isFetching ? <Loader size={14} /> : undefined}
      nothingFoundMessage={empty ? 'No contracted lanes: award an RFQ first' : typed ? `No lane matches “${typed}”` : 'Type to search'}
      description={
        lanes.error
          ? `Could not load the lanes: ${lanes.error.message}`
          : empty
            ? 'No active contract holds a lane yet: award an RFQ to make contracts.'
            : description
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}

/** A lane's contract carriers with share and rate, under its picker. */
export function LaneCarriers({ lane }: { lane: IndentLane | null }) {
  if (!lane) {
    return null;
  }
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {lane.plantName} · {lane.vehicleTypeName}. Contract carriers:
      </Text>
      {lane.carriers.map((c) => (
        <Text key={c.carrierLinkId} size="xs">
          {c.carrierName}: {c.sharePct}% share, {formatInr(c.rateRupees)} per trip ({c.contractNumber})
        </Text>
      ))}
    </Stack>
  );
}
