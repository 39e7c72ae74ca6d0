import { Button, Group, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { saveBlob } from '../../lib/download.ts';
import { type ColumnLabels, type RowError, reportCsv, reportRows } from './import-errors.ts';

/** More rows than this are left to the downloaded report: a page of thousands of rows helps nobody. */
const SHOWN_ROWS = 200;

/**
 * The rows to fix of a refused sheet: row, the column under the sheet's heading, the problem; the
 * whole list can be downloaded as CSV to fix the file beside it.
 */
export function ImportErrorReport({ errors, labels, name }: { errors: readonly RowError[]; labels?: ColumnLabels; name: string }) {
  if (!errors.length) {
    return null;
  }
  const rows = reportRows(errors, labels);
  const download = () => saveBlob(new Blob([reportCsv(rows)], { type: 'text/csv' }), `${name}-errors.csv`);
  const badRows = new Set(rows.map((r) => r.row)).size;
  return (
    <>
      <Group justify="space-between">
        <Text fw={600}>
          Rows to fix ({badRows} row{badRows === 1 ? '' : 's'})
        </Text>
        <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} onClick={download}>
          Download error report
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={480} maxHeight={360}>
        <Table striped stickyHeader aria-label="Import errors">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Row</Table.Th>
              <Table.Th w={180}>Column</Table.Th>
              <Table.Th>Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice(0, SHOWN_ROWS).map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a cell may have the same problem twice; the list never reorders
              <Table.Tr key={i}>
                <Table.Td>{e.row}</Table.Td>
                <Table.Td>{e.column}</Table.Td>
                <Table.Td>{e.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length > SHOWN_ROWS && (
        <Text size="sm" c="dimmed">
          The first {SHOWN_ROWS} of {rows.length} problems; download the error report for all of them.
        </Text>
      )}
    </>
  );
}
