import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_RFQ_LANES } from '@freightdesk/shared/schemas/rfq';
import { toast } from '../../components/feedback/feedback.tsx';
import { SheetUploadDialog } from '../../components/import/sheet-upload-dialog.tsx';
import type { LaneRow } from './rfq-form-values.ts';
import { type ImportedLane, isBlankLane, mustAskHowToAdd, RFQ_LANE_COLUMNS } from './rfq-lane-import.ts';
import { rowsWithLabels } from './rfq-lane-labels.ts';
import { downloadRfqLaneTemplate, RFQ_LANE_IMPORT_PATH } from './api/rfq-lane-sheet.ts';
import { indianNumber } from '@freightdesk/shared/indian-number';

export type HowToAdd = 'replace' | 'append';

/** Replace the lanes typed, or add the sheet's after them. */
function HowToAddDialog({
  typed,
  incoming,
  onChoose,
  onClose,
}: {
  typed: number;
  incoming: number;
  onChoose: (how: HowToAdd) => void;
  onClose: () => void;
}) {
  const tooMany = typed + incoming > MAX_RFQ_LANES;
  return (
    <Modal opened onClose={onClose} title="Add the sheet's lanes" size="lg">
      <Stack>
        <Text size="sm">
          The form already has {typed} lane{typed === 1 ? '' : 's'}. Replace {typed === 1 ? 'it' : 'them'} with the sheet's {incoming}, or
          add the sheet's lanes after {typed === 1 ? 'it' : 'them'}?
        </Text>
        {tooMany && (
          <Text size="sm" c="red">
            Together they would be more than {indianNumber(MAX_RFQ_LANES)} lanes, the most an RFQ takes.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="light" onClick={() => onChoose('append')} disabled={tooMany}>
            Add after them
          </Button>
          <Button onClick={() => onChoose('replace')}>Replace {typed === 1 ? 'it' : 'them'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The sheet's lanes taken into the form: at once when the form has none typed, else after asking how. */
function useLaneImport(current: () => LaneRow[], onImport: (rows: LaneRow[], how: HowToAdd) => void) {
  const client = useQueryClient();
  const [pending, setPending] = useState<{ rows: LaneRow[]; file: string } | null>(null);
  const apply = (rows: LaneRow[], file: string, how: HowToAdd) => {
    onImport(rows, how);
    toast(`${rows.length} lane${rows.length === 1 ? '' : 's'} added from ${file}. Save the RFQ to keep them.`);
  };
  const take = async (answer: unknown, file: File) => {
    const lanes = (answer as { data: { lanes: ImportedLane[] } }).data.lanes;
    const rows = await rowsWithLabels(client, lanes);
    if (mustAskHowToAdd(current())) {
      setPending({ rows, file: file.name });
    } else {
      apply(rows, file.name, 'replace');
    }
  };
  const choose = (how: HowToAdd) => {
    if (pending) {
      apply(pending.rows, pending.file, how);
    }
    setPending(null);
  };
  return { pending, take, choose, cancel: () => setPending(null) };
}

/** The upload dialog of the lane sheet, with its two templates. */
function LaneSheetDialog({ onClose, onUploaded }: { onClose: () => void; onUploaded: (answer: unknown, file: File) => Promise<void> }) {
  const template = (format: 'xlsx' | 'csv') => () => downloadRfqLaneTemplate(format);
  return (
    <SheetUploadDialog
      title="Import lanes from a sheet"
      intro={
        <>
          One lane a row under the template's headings. Name places as the app shows them: a plant by its name or code, a location by its
          name, an address as "Company (Label)". Every row is checked first: if any is wrong, no lane is added and you get the list of rows
          to fix.
        </>
      }
      downloads={[
        { label: 'Excel template', run: template('xlsx') },
        { label: 'CSV template', run: template('csv') },
      ]}
      uploadPath={RFQ_LANE_IMPORT_PATH}
      labels={RFQ_LANE_COLUMNS}
      reportName="rfq-lanes"
      submitLabel="Import lanes"
      onClose={onClose}
      onUploaded={onUploaded}
    />
  );
}

/**
 * "Import lanes": the lane sheet (template to download, XLSX or CSV up) read by the server into
 * lanes for the form, whole or refused with every row's problem. Nothing is saved until the form is.
 */
export function ImportLanes({ current, onImport }: { current: () => LaneRow[]; onImport: (rows: LaneRow[], how: HowToAdd) => void }) {
  const [uploading, setUploading] = useState(false);
  const sheet = useLaneImport(current, onImport);
  const typed = current().filter((l) => !isBlankLane(l)).length;
  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconFileSpreadsheet size={14} />} onClick={() => setUploading(true)}>
        Import lanes
      </Button>
      {uploading && <LaneSheetDialog onClose={() => setUploading(false)} onUploaded={sheet.take} />}
      {sheet.pending && (
        <HowToAddDialog typed={typed} incoming={sheet.pending.rows.length} onClose={sheet.cancel} onChoose={sheet.choose} />
      )}
    </>
  );
}
