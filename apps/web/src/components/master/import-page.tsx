import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { apiUpload } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { toast } from '../feedback/feedback.tsx';
import { ImportErrorReport } from '../import/import-error-report.tsx';
import { type RowError, uploadRefusal } from '../import/import-errors.ts';
import { SHEET_LIMITS_TEXT, sheetFileProblem, sheetForm } from '../import/sheet-file.ts';
import { Page } from '../layout/page.tsx';

/** The chosen file, its upload and what the server said of it; a file taken goes back to the list. */
function useSheetImport(path: string, back: string) {
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
    const problem = sheetFileProblem(file);
    setErrors([]);
    setMessage(problem);
    if (problem) {
      return;
    }
    setBusy(true);
    try {
      // Sent as multipart: the server reads the file as it arrives and stops at the first problem.
      const res = (await (await apiUpload(`/${path}/import`, sheetForm(file))).json()) as {
        data: { created: number; linked?: number };
      };
      await client.invalidateQueries({ queryKey: [path] });
      const linked = res.data.linked ? `, ${res.data.linked} linked` : '';
      toast(`Imported: ${res.data.created} added${linked}.`);
      navigate(back);
    } catch (err) {
      const refusal = uploadRefusal(err);
      setMessage(refusal.message);
      setErrors(refusal.errors);
    } finally {
      setBusy(false);
    }
  };
  return { file, setFile, errors, message, busy, upload };
}

/** The Excel and CSV templates to fill in. */
function TemplateButtons({ path, name }: { path: string; name: string }) {
  const template = (format: 'csv' | 'xlsx') =>
    downloadFile(`/${path}/import/template`, { format }, `${name}-import-template.${format}`).catch(() =>
      toast('The template could not be downloaded.', 'error'),
    );
  return (
    <Group>
      <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => template('xlsx')}>
        Excel template
      </Button>
      <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => template('csv')}>
        CSV template
      </Button>
    </Group>
  );
}

/**
 * Import a CSV or XLSX file into a master, whole or not at all. A refused file lists every bad
 * row, and the list can be downloaded to fix the file.
 */
export function ImportPage({ title, api: path, back, name }: { title: string; api: string; back: string; name: string }) {
  const { file, setFile, errors, message, busy, upload } = useSheetImport(path, back);
  return (
    <Page title={title}>
      <Stack maw={760}>
        <Text size="sm">
          Fill in the template (one row each, headings in the first row) and upload it as CSV or Excel. Every row is checked first: if any
          row is wrong, nothing is imported and you get the list of errors to fix.
        </Text>
        <TemplateButtons path={path} name={name} />
        <FileInput
          label="File to import"
          placeholder="Choose a .csv or .xlsx file"
          description={SHEET_LIMITS_TEXT}
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
        <ImportErrorReport errors={errors} name={`${name}-import`} />
      </Stack>
    </Page>
  );
}
