import { Button, Group, Menu, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { downloadFile } from '../../lib/download.ts';
import { toast } from '../feedback/feedback.tsx';
import type { useListParams } from './use-list-params.ts';

export type ToolbarFilter = { key: string; label: string; options: { value: string; label: string }[] };

/** Search, filters and CSV / XLSX export of the filtered rows, bound to the URL list params. */
export function ListToolbar({
  params,
  filters = [],
  exportPath,
  exportName,
  searchLabel = 'Search',
}: {
  params: ReturnType<typeof useListParams>;
  filters?: ToolbarFilter[];
  exportPath?: string;
  exportName?: string;
  searchLabel?: string;
}) {
  const [text, setText] = useState(params.list.search ?? '');
  const push = useDebouncedCallback((v: string) => params.update({ search: v.trim() || undefined }), 350);
  useEffect(() => setText(params.list.search ?? ''), [params.list.search]);
  const download = (format: 'csv' | 'xlsx') => {
    if (!exportPath) {
      return;
    }
    const { page: _p, pageSize: _s, ...query } = params.query;
    downloadFile(exportPath, { ...query, format }, `${exportName ?? 'export'}.${format}`).catch(() =>
      toast('The export could not be downloaded.', 'error'),
    );
  };
  return (
    <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={searchLabel}
        placeholder="Type to search"
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          push(e.currentTarget.value);
        }}
        miw={220}
      />
      {filters.map((f) => (
        <Select
          key={f.key}
          label={f.label}
          placeholder="All"
          clearable
          data={f.options}
          value={params.list.filters[f.key] ?? null}
          onChange={(v) => params.update({ [f.key]: v })}
          miw={160}
        />
      ))}
      {exportPath && (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="default" leftSection={<IconDownload size={16} />} ml="auto">
              Export
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => download('csv')}>CSV</Menu.Item>
            <Menu.Item onClick={() => download('xlsx')}>Excel (XLSX)</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
