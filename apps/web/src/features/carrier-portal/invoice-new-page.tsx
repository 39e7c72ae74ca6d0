import { useNavigate } from 'react-router';
import { toast } from '../../components/feedback/feedback.tsx';
import { todayInIndia } from '../../components/form/date-time.ts';
import { inr } from '../../domain/invoices/invoice-format.ts';
import { Page } from '../../components/layout/page.tsx';
import { type InvoiceDraft, linesBody } from './invoice-draft.ts';
import { InvoiceEditor } from './invoice-editor.tsx';
import { createInvoice, useInvoiceSaved } from './api/carrier-invoices.ts';

/** `/carrier/invoices/new`: the carrier bills delivered orders of one shipper's plant. */
export function CarrierInvoiceNewPage() {
  const navigate = useNavigate();
  const saved = useInvoiceSaved();
  const initial: InvoiceDraft = { number: '', invoiceDate: todayInIndia(), gstScheme: 'rcm', lines: [] };
  const save = async (draft: InvoiceDraft) => {
    const invoice = await createInvoice({
      number: draft.number.trim(),
      invoiceDate: draft.invoiceDate,
      gstScheme: draft.gstScheme,
      lines: linesBody(draft.lines),
    });
    saved(invoice, { billed: true });
    toast(
      `Invoice ${invoice.number} submitted: taxable ${inr(invoice.taxablePaise)}, GST ${inr(invoice.taxPaise)}, total ${inr(invoice.totalPaise)}.`,
    );
    navigate(`/carrier/invoices/${invoice.id}`);
  };
  return (
    <Page title="New invoice">
      <InvoiceEditor initial={initial} save={save} cancelTo="/carrier/invoices" />
    </Page>
  );
}
