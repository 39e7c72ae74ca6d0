import { Alert, Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { apiUpload } from '../../lib/api.ts';
import { toast } from '../feedback/feedback.tsx';
import { type ColumnLabels, type RowError, uploadRefusal } from './import-errors.ts';
import { ImportErrorReport } from './import-error-report.tsx';
import { SHEET_LIMITS_TEXT, sheetFileProblem, sheetForm } from './sheet-file.ts';

/** A file to download beside the upload: the template, or the sheet to fill in. */
export type SheetDownload = { label: string; run: () => Promise<void> };

type Props = {
  title: string;
  /** What to fill in and what happens to the file, in a sentence or two. */
  intro: ReactNode;
  downloads: SheetDownload[];
  /** The upload call under /api (multipart, field `file`). */
  uploadPath: string;
  /** The sheet's column keys to its headings, for the report of a refused file. */
  labels: ColumnLabels;
  /** The error report's file name, without extension. */
  reportName: string;
  submitLabel: string;
  onClose: () => void;
  /** The server's answer to a taken file; the dialog closes after it. */
  onUploaded: (answer: unknown, file: File) => void | Promise<void>;
  /** A refusal, after it is shown (a closed round refreshes the page behind). */
  onRefused?: (status: number) => void;
  /** The refusal's heading by the answer's status, when it says more than "File not taken" (409: "Quoting is closed"). */
  refusedTitle?: (status: number) => string | undefined;
};

/** The chosen file, its upload and the server's refusal, if any. */
function useSheetUpload(props: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [title, setTitle] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<RowError[]>([]);
  const [busy, setBusy] = useState(false);

  const upload = async () => {
    setErrors([]);
    const problem = file ? sheetFileProblem(file) : 'Choose a .csv or .xlsx file first.';
    setMessage(problem);
    setTitle(undefined);
    if (!file || problem) {
      return;
    }
    setBusy(true);
    try {
      // Sent as multipart: the server reads the file as it arrives and stops at the first problem.
      const answer: unknown = await (await apiUpload(props.uploadPath, sheetForm(file))).json();
      await props.onUploaded(answer, file);
      props.onClose();
    } catch (err) {
      const refusal = uploadRefusal(err);
      setTitle(props.refusedTitle?.(refusal.status));
      setMessage(refusal.message);
      setErrors(refusal.errors);
      props.onRefused?.(refusal.status);
    } finally {
      setBusy(false);
    }
  };
  /** A new file forgets the last one's refusal. */
  const choose = (f: File | null) => {
    setFile(f);
    setMessage(null);
    setErrors([]);
  };
  return { file, choose, message, title, errors, busy, upload };
}

/** The files to download beside the upload. */
function DownloadButtons({ downloads }: { downloads: SheetDownload[] }) {
  const download = (d: SheetDownload) => d.run().catch(() => toast(`${d.label}: the file could not be downloaded.`, 'error'));
  return (
    <Group>
      {downloads.map((d) => (
        <Button key={d.label} variant="default" leftSection={<IconDownload size={16} />} onClick={() => download(d)}>
          {d.label}
        </Button>
      ))}
    </Group>
  );
}

/**
 * The dialog of a sheet upload that is taken whole or not at all: download the template or sheet,
 * choose the filled file, upload it. A refused file shows the server's message and, when it
 * was refused row by row, every row's problem under the sheet's headings.
 */
export function SheetUploadDialog(props: Props) {
  const { file, choose, message, title, errors, busy, upload } = useSheetUpload(props);
  return (
    <Modal opened onClose={props.onClose} title={props.title} size={errors.length ? 'xl' : 'lg'}>
      <Stack>
        <Text size="sm">{props.intro}</Text>
        <DownloadButtons downloads={props.downloads} />
        <FileInput
          label="File to upload"
          placeholder="Choose a .csv or .xlsx file"
          description={SHEET_LIMITS_TEXT}
          accept=".csv,.xlsx"
          value={file}
          onChange={choose}
          withAsterisk
          clearable
        />
        {message && (
          <Alert color="red" role="alert" title={title ?? 'File not taken'}>
            {message}
          </Alert>
        )}
        <ImportErrorReport errors={errors} labels={props.labels} name={props.reportName} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button leftSection={<IconUpload size={16} />} onClick={upload} loading={busy}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
