import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import type { ApiKey, ApiKeyCall } from '@freightdesk/shared/schemas/api-key';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useApiKeyCalls } from './api/api-keys.ts';

const statusColor = (status: number) => (status < 300 ? 'green' : status < 500 ? 'orange' : 'red');

const columns: ColumnDef<ApiKeyCall, unknown>[] = [
  { id: 'at', header: 'Time', cell: ({ row }) => formatDateTime(row.original.at) },
  {
    id: 'call',
    header: 'Call',
    cell: ({ row }) => (
      <Text size="sm" ff="monospace">
        {row.original.method} {row.original.path}
      </Text>
    ),
  },
  { id: 'status', header: 'Status', cell: ({ row }) => <Badge color={statusColor(row.original.status)}>{row.original.status}</Badge> },
  { id: 'address', header: 'Address', accessorKey: 'address' },
  { id: 'duration', header: 'Duration', cell: ({ row }) => `${row.original.durationMs} ms` },
];

/** One key's audit log: every call it made, newest first (written within a second of the call). */
export function ApiKeyCalls({ apiKey }: { apiKey: ApiKey }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const query = useApiKeyCalls(apiKey.id, { page, pageSize });
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={3} size="h4">
          Calls of “{apiKey.name}”
        </Title>
        <DataTable
          caption={`Calls of ${apiKey.name}`}
          columns={columns}
          data={query.data?.data ?? []}
          total={query.data?.total ?? 0}
          page={page}
          pageSize={pageSize}
          query={query}
          getRowId={(c) => c.id}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      </Stack>
    </Paper>
  );
}
