import { Badge, Button, Center, Loader, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { EMPTY_TABLE_TEXT } from '@freightdesk/shared/constants';
import { formatFileSize } from '@freightdesk/shared/schemas/document';
import type { ExportView } from '@freightdesk/shared/schemas/report';
import { toast } from '../../components/feedback/feedback.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { EXPORT_STATUS_COLOR, EXPORT_STATUS_LABEL, isActive, progressPercent, progressText } from './export-progress.ts';
import { downloadExport, useExportProgress, useExports } from './api/exports.ts';

/** A finished export's download, fetched with the session's token. */
function DownloadButton({ view }: { view: ExportView }) {
  const [busy, setBusy] = useState(false);
  const name = view.fileName ?? `${view.report}.${view.format}`;
  const download = () => {
    setBusy(true);
    downloadExport(view)
      .catch(() => toast(`${name} could not be downloaded. Please try again.`, 'error'))
      .finally(() => setBusy(false));
  };
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      loading={busy}
      onClick={download}
      aria-label={`Download ${name}`}
    >
      Download
    </Button>
  );
}

/** The rows column: a bar while it works, the count once done. */
function RowsCell({ view }: { view: ExportView }) {
  if (!isActive(view)) {
    return <Text size="sm">{progressText(view)}</Text>;
  }
  return (
    <Stack gap={4} miw={180}>
      <Progress value={progressPercent(view)} animated striped aria-label="Export progress" />
      <Text size="xs" c="dimmed">
        {progressText(view)}
      </Text>
    </Stack>
  );
}

/** The result column: the download when ready, the reason when it failed. */
function ResultCell({ view }: { view: ExportView }) {
  if (view.status === 'done') {
    return <DownloadButton view={view} />;
  }
  if (view.status === 'failed') {
    return (
      <Text size="sm" c="red">
        {view.error ?? 'The export failed.'}
      </Text>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Preparing the file…
    </Text>
  );
}

function ExportRow({ row }: { row: ExportView }) {
  const view = useExportProgress(row);
  return (
    <Table.Tr>
      <Table.Td>{view.label}</Table.Td>
      <Table.Td>{view.format.toUpperCase()}</Table.Td>
      <Table.Td>
        <Badge color={EXPORT_STATUS_COLOR[view.status]} variant="light">
          {EXPORT_STATUS_LABEL[view.status]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <RowsCell view={view} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{view.bytes === null ? '—' : formatFileSize(view.bytes)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(view.createdAt)}</Table.Td>
      <Table.Td>
        <ResultCell view={view} />
      </Table.Td>
    </Table.Tr>
  );
}

/** "Your exports": the user's last 20, newest first, each with its progress or its file. */
export function ExportList() {
  const { data, isPending, error } = useExports();
  const rows = data ?? [];
  return (
    <Stack gap="sm">
      <Title order={3} id="your-exports">
        Your exports
      </Title>
      <Text size="sm" c="dimmed">
        Files are kept for 7 days. You are notified when one is ready, so you may leave this page meanwhile.
      </Text>
      <Table.ScrollContainer minWidth={700}>
        <Table verticalSpacing="xs" aria-labelledby="your-exports" aria-busy={isPending}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Report</Table.Th>
              <Table.Th>Format</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Rows</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>File</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <ExportRow key={row.id} row={row} />
            ))}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Center py="md">
                    {isPending ? (
                      <Loader size="sm" />
                    ) : (
                      <Text c={error ? 'red' : 'dimmed'}>{error ? `Could not load your exports: ${error.message}` : EMPTY_TABLE_TEXT}</Text>
                    )}
                  </Center>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
