import { Alert, Button, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, api } from '../../lib/api.ts';
import { downloadFile, saveBlob } from '../../lib/download.ts';
import { toast } from '../feedback/feedback.tsx';
import { Page } from '../layout/page.tsx';

type RowError = { row: number; field: string; message: string };

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
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
    setBusy(true);
    setErrors([]);
    setMessage(null);
    try {
      const res = await api.post<{ data: { created: number; linked?: number } }>(`/${path}/import`, {
        fileName: file.name,
        contentBase64: await toBase64(file),
      });
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
