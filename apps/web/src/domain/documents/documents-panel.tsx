import { ActionIcon, Alert, Button, FileInput, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { CONFIRM_TEXT, MAX_DOCUMENT_BYTES } from '@freightdesk/shared/constants';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_TYPES_TEXT,
  type DocumentKind,
  type DocumentRecord,
  ORDER_DOCUMENT_KINDS,
} from '@freightdesk/shared/schemas/document';
import { confirmAction } from '../../components/feedback/confirm.tsx';
import { toast } from '../../components/feedback/feedback.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useDeleteDocument, useDocuments, useRefreshDocuments, useUploadDocument } from './api/document-calls.ts';
import { checkDocumentFile, downloadDocument, kindLabel, kindOptions, sizeLabel, uploadErrorText } from './documents.ts';

export type DocumentsPanelProps = {
  /**
   * The list's API path without `/api`, e.g. `/orders/outbound/12/documents`,
   * `/requests/inbound/5/attachments`, `/carrier/orders/12/documents`. A document downloads from
   * `${listUrl}/${id}/download` and is deleted with `DELETE ${listUrl}/${id}`.
   */
  listUrl: string;
  /** Where uploads are POSTed (normally `listUrl`); leave out for a read-only list. */
  uploadUrl?: string;
  /** The kinds offered when uploading (default: the order kinds LR, POD, invoice, e-way bill, other). */
  kinds?: readonly DocumentKind[];
  /** May the viewer delete this document? Default: none. The API still checks side and permission. */
  canDelete?: (doc: DocumentRecord) => boolean;
  /** Shown when there are no documents. */
  emptyText?: string;
  /** Shown when the answer says the shipper keeps the material private (`materialHidden`). */
  hiddenText?: string;
};

/**
 * A request's or RFQ's attachments, an order's or contract's documents: list with download (and delete where allowed),
 * and an upload row checking type and size before anything is sent.
 */
export function DocumentsPanel({
  listUrl,
  uploadUrl,
  kinds = ORDER_DOCUMENT_KINDS,
  canDelete,
  emptyText,
  hiddenText = "The shipper keeps this request's material private, so its attachments are not shared.",
}: DocumentsPanelProps) {
  const list = useDocuments(listUrl);
  const uploader = useUploadForm(listUrl, uploadUrl, kinds);
  const { download, askDelete, remove } = useDocumentActions(listUrl);

  const docs = list.data?.data ?? [];
  return (
    <Stack gap="md">
      {uploadUrl !== undefined && <UploadRow kinds={kinds} uploader={uploader} />}
      {list.data?.materialHidden && <Alert color="blue">{hiddenText}</Alert>}
      {list.isError ? (
        <Alert color="red" role="alert">
          {list.error instanceof Error ? list.error.message : 'The documents could not be loaded.'}
        </Alert>
      ) : docs.length === 0 ? (
        <Text c="dimmed" size="sm">
          {list.isLoading ? 'Loading…' : (emptyText ?? 'No documents yet.')}
        </Text>
      ) : (
        <DocumentsTable
          docs={docs}
          canDelete={canDelete}
          download={download}
          askDelete={askDelete}
          deletingId={remove.isPending ? remove.variables?.id : undefined}
        />
      )}
    </Stack>
  );
}

type UploadForm = ReturnType<typeof useUploadForm>;

/** The upload row's state: chosen file, kind, field errors, and the upload itself. */
function useUploadForm(listUrl: string, uploadUrl: string | undefined, kinds: readonly DocumentKind[]) {
  const refresh = useRefreshDocuments(listUrl);
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<string>(kinds.includes('other') ? 'other' : (kinds[0] ?? 'other'));
  const [errors, setErrors] = useState<{ file?: string; kind?: string }>({});
  const upload = useUploadDocument(uploadUrl ?? listUrl, kind, {
    onSuccess: (doc) => {
      toast(`${doc.fileName} uploaded.`);
      setFile(null);
      setErrors({});
      void refresh();
    },
    onError: (err, chosen) => setErrors(uploadErrorText(err, chosen.name)),
  });

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setErrors({ file: checkDocumentFile(chosen) ?? undefined });
  };
  const submit = () => {
    const problem = file ? checkDocumentFile(file) : 'Choose a file to upload.';
    if (problem || !file) {
      setErrors({ file: problem ?? undefined });
      return;
    }
    upload.mutate(file);
  };
  return { file, kind, setKind, errors, choose, submit, pending: upload.isPending };
}

/** Download and (confirmed) delete of listed documents. */
function useDocumentActions(listUrl: string) {
  const refresh = useRefreshDocuments(listUrl);
  const remove = useDeleteDocument(listUrl, {
    onSuccess: (doc) => {
      toast(`${doc.fileName} deleted.`);
      void refresh();
    },
    onError: (err, doc) => toast(`${doc.fileName}: ${err instanceof Error ? err.message : 'could not be deleted.'}`, 'error'),
  });
  const download = (doc: DocumentRecord) =>
    downloadDocument(listUrl, doc).catch((err: unknown) =>
      toast(err instanceof Error ? err.message : `${doc.fileName} could not be downloaded.`, 'error'),
    );
  const askDelete = async (doc: DocumentRecord) => {
    if (await confirmAction(CONFIRM_TEXT.delete, 'Delete', true)) {
      remove.mutate(doc);
    }
  };
  return { download, askDelete, remove };
}

function UploadRow({ kinds, uploader }: { kinds: readonly DocumentKind[]; uploader: UploadForm }) {
  const { file, kind, setKind, errors, choose, submit, pending } = uploader;
  return (
    <Stack gap={4}>
      <Group align="flex-start" wrap="wrap" gap="sm">
        <FileInput
          label="File"
          placeholder="Choose a file"
          leftSection={<IconPaperclip size={16} />}
          accept={DOCUMENT_ACCEPT}
          value={file}
          onChange={choose}
          error={errors.file}
          clearable
          style={{ flex: '1 1 260px', minWidth: 0 }}
        />
        <Select
          label="Kind"
          data={kindOptions(kinds)}
          value={kind}
          onChange={(v) => setKind(v ?? 'other')}
          error={errors.kind}
          allowDeselect={false}
          style={{ flex: '0 1 220px' }}
        />
        <Button
          mt={25}
          leftSection={<IconUpload size={16} />}
          onClick={submit}
          loading={pending}
          disabled={checkDocumentFile(file) !== null}
        >
          Upload
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {DOCUMENT_TYPES_TEXT}; at most {sizeLabel(MAX_DOCUMENT_BYTES)} per file.
      </Text>
    </Stack>
  );
}

type DocumentsTableProps = {
  docs: DocumentRecord[];
  canDelete?: (doc: DocumentRecord) => boolean;
  download: (doc: DocumentRecord) => void;
  askDelete: (doc: DocumentRecord) => void;
  /** The document whose delete is running, if any. */
  deletingId?: number;
};

function DocumentsTable({ docs, canDelete, download, askDelete, deletingId }: DocumentsTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label="Documents">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>Uploaded by</Table.Th>
            <Table.Th>Uploaded at</Table.Th>
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {docs.map((doc) => (
            <Table.Tr key={doc.id}>
              <Table.Td style={{ wordBreak: 'break-word' }}>{doc.fileName}</Table.Td>
              <Table.Td>{kindLabel(doc.kind)}</Table.Td>
              <Table.Td>{sizeLabel(doc.sizeBytes)}</Table.Td>
              <Table.Td>{doc.uploadedByName ?? '—'}</Table.Td>
              <Table.Td>{formatDateTime(doc.createdAt)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Download">
                    <ActionIcon variant="subtle" aria-label={`Download ${doc.fileName}`} onClick={() => download(doc)}>
                      <IconDownload size={16} />
                    </ActionIcon>
                  </Tooltip>
                  {canDelete?.(doc) && (
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${doc.fileName}`}
                        loading={deletingId === doc.id}
                        onClick={() => askDelete(doc)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
