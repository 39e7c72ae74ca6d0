import { Button } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { CarrierRfq, RfqQuotesSaved } from '@freightdesk/shared/schemas/rfq';
import { toast } from '../../components/feedback/feedback.tsx';
import type { ColumnLabels } from '../../components/import/import-errors.ts';
import { type SheetDownload, SheetUploadDialog } from '../../components/import/sheet-upload-dialog.tsx';
import { downloadLaneSheet, useRefreshRfqs } from './api/carrier-rfqs.ts';
import { quotesSavedText } from './rfq-quotes.ts';

/** The lane sheet's headings by column key (the per-row report names the columns by these). */
export const QUOTE_SHEET_COLUMNS: ColumnLabels = {
  lane: 'Lane no.',
  origin: 'Origin',
  destination: 'Destination',
  vehicleType: 'Vehicle type',
  tripsPerMonth: 'Trips per month',
  material: 'Material',
  weightTonnes: 'Weight (t)',
  rateRupees: 'Your rate (₹)',
  decline: 'Decline (yes/no)',
};

const sheet = (rfq: CarrierRfq, format: 'xlsx' | 'csv'): SheetDownload => ({
  label: format === 'xlsx' ? 'Lane sheet (Excel)' : 'Lane sheet (CSV)',
  run: () => downloadLaneSheet(rfq, format),
});

/**
 * Quoting offline while a round is open to the carrier: download the lane sheet (its standing
 * rates filled in), type rates or "yes" to decline, upload it back. The sheet goes through the
 * same submit as the form, so a closed round refuses it the same way. `open`: a round is open to
 * the carrier (the buttons show).
 */
export function QuoteSheetButtons({ rfq, open, onUploaded }: { rfq: CarrierRfq; open: boolean; onUploaded: () => void }) {
  const [uploading, setUploading] = useState(false);
  const refresh = useRefreshRfqs();
  const download = () =>
    sheet(rfq, 'xlsx')
      .run()
      .catch(() => toast('The lane sheet could not be downloaded.', 'error'));
  return (
    <>
      {open && (
        <>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
            Download lane sheet
          </Button>
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>
            Upload rates
          </Button>
        </>
      )}
      {/* Kept open when the round closes under it, so its refusal stays readable. */}
      {uploading && (
        <SheetUploadDialog
          title={`Upload rates for ${rfq.number}`}
          intro={
            <>
              Fill in the lane sheet: your rate per trip in "Your rate (₹)", or "yes" under "Decline (yes/no)" for a lane you will not
              carry. Rows left blank are not quoted. Every row is checked first: if any is wrong, nothing is sent and you get the list of
              rows to fix.
            </>
          }
          downloads={[sheet(rfq, 'xlsx'), sheet(rfq, 'csv')]}
          uploadPath={`/carrier/rfqs/${rfq.id}/quotes/import`}
          labels={QUOTE_SHEET_COLUMNS}
          reportName={`${rfq.number}-rates`}
          submitLabel="Upload rates"
          onClose={() => setUploading(false)}
          onUploaded={async (answer) => {
            const { data } = answer as { data: RfqQuotesSaved };
            toast(`${quotesSavedText(data)}, from the sheet.`);
            onUploaded();
            await refresh();
          }}
          refusedTitle={(status) => (status === 409 ? 'Quoting is closed' : undefined)}
          onRefused={(status) => {
            // The round closed meanwhile: the page behind says so too.
            if (status === 409) {
              void refresh();
            }
          }}
        />
      )}
    </>
  );
}
