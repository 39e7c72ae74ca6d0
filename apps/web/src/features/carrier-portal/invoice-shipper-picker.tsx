import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { OPTIONS_LIMIT } from '@freightdesk/shared/schemas/options-rows';
import { useCarrierShipperOptions } from './api/carrier-invoices.ts';

export type Shipper = { id: number; name: string };

/**
 * The shipper an invoice bills, searched on the server as the user types (the carrier may work
 * with many). Shippers come from the carrier's active links; see `carrierShipperOptionsQuery`.
 */
export function InvoiceShipperPicker({
  value,
  onChange,
  error,
}: {
  value: Shipper | null;
  onChange: (shipper: Shipper | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  // Mantine writes the chosen name into the box: that is not a search.
  const typed = value && search === value.name ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, 250);
  const options = useCarrierShipperOptions({ search: debounced || undefined });
  const rows = options.data?.data ?? [];
  const data = rows.map((r) => ({ value: String(r.id), label: r.label }));
  if (value && !data.some((d) => d.value === String(value.id))) {
    data.push({ value: String(value.id), label: value.name });
  }
  const more = options.data?.more
    ? [{ value: '__more__', label: `Showing the first ${OPTIONS_LIMIT}: type to find others`, disabled: true }]
    : [];
  return (
    <Select
      label="Shipper"
      withAsterisk
      placeholder="Type to search your shippers"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      data={[...data, ...more]}
      value={value ? String(value.id) : null}
      onChange={(v) => {
        const row = data.find((d) => d.value === v);
        onChange(row ? { id: Number(row.value), name: row.label } : null);
      }}
      nothingFoundMessage={typed ? `No shipper matches “${typed}”` : 'No shippers work with you yet'}
      rightSection={options.isFetching ? <Loader size={14} /> : undefined}
      description={options.error ? `Could not load your shippers: ${options.error.message}` : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={error}
      data-path="shipper"
      miw={280}
    />
  );
}
