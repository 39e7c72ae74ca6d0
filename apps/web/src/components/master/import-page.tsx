import { Alert, Button, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@freightdesk/shared/constants';
import { ApiError, apiUpload } from '../../lib/api.ts';
import { downloadFile, saveBlob } from '../../lib/download.ts';
import { toast } from '../feedback/feedback.tsx';
import { Page } from '../layout/page.tsx';

type RowError = { row: number; field: string; message: string };

const MAX_MB = Math.round(IMPORT_MAX_BYTES / (1024 * 1024));
/** The limits the server checks while it reads the file, said before the user picks one. */
const IMPORT_LIMITS_TEXT = `CSV or XLSX, up to ${MAX_MB} MB and ${IMPORT_MAX_ROWS.toLocaleString('en-IN')} rows.`;

/** What is wrong with the chosen file before it is sent (the server checks the same and more). */
function fileProblem(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) {
    return 'Choose a .csv or .xlsx file.';
  }
  if (file.size > IMPORT_MAX_BYTES) {
    return `The file must be at most ${MAX_MB} MB; split it and import each part.`;
  }
  return null;
}

const csvCell = (v: string | number) => `"${String(v).replace(/"/g, '""')}"`;

/**
 * Import a CSV or XLSX file into a master, whole or not at all. A refused file lists every bad
 * row, and the list can be downloaded to fix the file.
 */
export function ImportPage({ title, api: path, back, name }: { title: string; api: string; back: string; name: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<RowError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();

  const upload = async () => {
    if (!file) {
      setMessage('Choose a .csv or .xlsx file first.');
      return;
    }
    const problem = fileProblem(file);
    setErrors([]);
    setMessage(problem);
    if (problem) {
      return;
    }
    setBusy(true);
    try {
      // Sent as multipart: the server reads the file as it arrives and stops at the first problem.
      const form = new FormData();
      form.append('file', file, file.name);
      const res = (await (await apiUpload(`/${path}/import`, form)).json()) as {
        data: { created: number; linked?: number };
      };
      await client.invalidateQueries({ queryKey: [path] });
      const linked = res.data.linked ? `, ${res.data.linked} linked` : '';
      toast(`Imported: ${res.data.created} added${linked}.`);
      navigate(back);
    } catch (err) {
      if (err instanceof ApiError) {
        setMessage(err.message);
        setErrors((err.details as { errors?: RowError[] } | undefined)?.errors ?? []);
      } else {
        setMessage('The file could not be uploaded.');
      }
    } finally {
      setBusy(false);
    }
  };
  const report = () => {
    const lines = ['Row,Field,Error', ...errors.map((e) => [e.row, e.field, e.message].map(csvCell).join(','))];
    saveBlob(new Blob([`\uFEFF${lines.join('\n')}`], { type: 'text/csv' }), `${name}-import-errors.csv`);
  };
  const template = (format: 'csv' | 'xlsx') =>
    downloadFile(`/${path}/import/template`, { format }, `${name}-import-template.${format}`).catch(() =>
      toast('The template could not be downloaded.', 'error'),
    );

  return (
    <Page title={title}>
      <Stack maw={760}>
        <Text size="sm">
          Fill in the template (one row each, headings in the first row) and upload it as CSV or Excel. Every row is checked first: if any
          row is wrong, nothing is imported and you get the list of errors to fix.
        </Text>
        <Group>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => template('xlsx')}>
            Excel template
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => template('csv')}>
            CSV template
          </Button>
        </Group>
        <FileInput
          label="File to import"
          placeholder="Choose a .csv or .xlsx file"
          description={IMPORT_LIMITS_TEXT}
          accept=".csv,.xlsx"
          value={file}
          onChange={setFile}
          withAsterisk
          clearable
        />
        <Group>
          <Button leftSection={<IconUpload size={16} />} onClick={upload} loading={busy}>
            Import
          </Button>
          <Button component={Link} to={back} variant="default">
            Cancel
          </Button>
        </Group>
        {message && (
          <Alert color="red" role="alert" title="Import refused">
            {message}
          </Alert>
        )}
        {errors.length > 0 && (
          <>
            <Group justify="space-between">
              <Text fw={600}>Rows to fix</Text>
              <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} onClick={report}>
                Download error report
              </Button>
            </Group>
            <Table striped aria-label="Import errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Error</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {errors.map((e) => (
                  <Table.Tr key={`${e.row}-${e.field}-${e.message}`}>
                    <Table.Td>{e.row}</Table.Td>
                    <Table.Td>{e.field}</Table.Td>
                    <Table.Td>{e.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Page>
  );
}
