import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import type { FactorVersion } from '@freightdesk/shared/schemas/emissions';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { useFactorVersions } from './api/factor-calls.ts';
import { FactorVersionForm } from './factor-version-form.tsx';

const columns: ColumnDef<FactorVersion, unknown>[] = [
  { id: 'label', header: 'Version', accessorKey: 'label' },
  { id: 'validFrom', header: 'Valid from', cell: ({ row }) => formatDate(row.original.validFrom) },
  {
    id: 'owner',
    header: 'Whose',
    cell: ({ row }) => <Badge variant="light">{row.original.industryId === null ? 'Default' : 'Your company'}</Badge>,
  },
  { id: 'createdAt', header: 'Added', cell: ({ row }) => formatDateTime(row.original.createdAt) },
];

function Factors({ version }: { version: FactorVersion }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table fz="xs">
        <Table.Tbody>
          {Object.entries(version.factors).map(([code, f]) => (
            <Table.Tr key={code}>
              <Table.Td>{code}</Table.Td>
              <Table.Td>
                {f.value} {f.unit}
              </Table.Td>
              <Table.Td>
                {f.source} ({formatDate(f.sourceDate)})
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Emission factor versions (issue 37): the dated, sourced sets figures are computed with, newest
 * first, each row opening its factors; `canAdd` offers a new version started from the newest.
 */
export function FactorVersions({ canAdd, intro, heading = true }: { canAdd: boolean; intro: string; heading?: boolean }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [adding, setAdding] = useState(false);
  const query = useFactorVersions({ page, pageSize });
  const newest = query.data?.data[0];
  if (adding && newest) {
    return <FactorVersionForm from={newest} onDone={() => setAdding(false)} />;
  }
  return (
    <Stack>
      {heading && (
        <Title order={2} size="h3">
          Emission factors
        </Title>
      )}
      <Text size="sm">{intro}</Text>
      {canAdd && newest && (
        <Button onClick={() => setAdding(true)} w="fit-content">
          Add a factor version
        </Button>
      )}
      <DataTable
        caption="Emission factor versions"
        columns={columns}
        data={query.data?.data ?? []}
        total={query.data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        query={query}
        getRowId={(v) => v.id}
        renderExpanded={(v) => <Factors version={v} />}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </Stack>
  );
}
