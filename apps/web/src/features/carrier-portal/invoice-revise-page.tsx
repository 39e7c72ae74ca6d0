import { Alert, Button } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../components/feedback/feedback.tsx';
import { type InvoiceAnswer, inr } from '../../components/invoices/invoice-format.ts';
import { Page } from '../../components/layout/page.tsx';
import { PageQueryState } from '../../components/feedback/query-state.tsx';
import { type InvoiceDraft, linesBody, linesFromInvoice } from './invoice-draft.ts';
import { InvoiceEditor } from './invoice-editor.tsx';
import { BILLABLE_ORDERS_KEY, CARRIER_INVOICES_KEY, carrierInvoiceQuery, reviseInvoice } from './invoice-queries.ts';

const toDraft = (i: InvoiceAnswer): InvoiceDraft => ({
  number: i.number,
  invoiceDate: i.invoiceDate,
  gstScheme: i.gst.scheme,
  note: '',
  lines: linesFromInvoice(i.lines),
});

/**
 * `/carrier/invoices/:id/revise`: a disputed invoice billed again, from its current lines; the
 * shipper, plant and number stay. The save carries the version loaded (a change meanwhile is a 409).
 */
/** What a revision of an invoice that is not disputed shows. */
function NotRevisable({ number, status, id }: { number: string; status: string; id: number }) {
  return (
    <Page title={`Revise invoice ${number}`}>
      <Alert color="orange">Only a disputed invoice can be revised; this one is {status.replace('_', ' ')}.</Alert>
      <Button mt="md" variant="default" component={Link} to={`/carrier/invoices/${id}`}>
        Back to the invoice
      </Button>
    </Page>
  );
}

export function CarrierInvoiceRevisePage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const client = useQueryClient();
  // Fresh: the lines and version the revision starts from must be the saved ones.
  const query = useQuery({ ...carrierInvoiceQuery(id), staleTime: 0, refetchOnWindowFocus: false });
  const { error, refetch } = query;
  const invoice = query.isFetchedAfterMount ? query.data : undefined;
  // The version the form was filled from: a refetch meanwhile (a notification) must not move it, or
  // the save would overwrite a change the user never saw.
  const loaded = useRef<string | null>(null);
  if (invoice && loaded.current === null) {
    loaded.current = invoice.updatedAt;
  }
  if (error || !invoice) {
    return <PageQueryState title="Revise invoice" query={query} loading="Loading the invoice" failed="The invoice could not be loaded." />;
  }
  if (!invoice.can.revise) {
    return <NotRevisable number={invoice.number} status={invoice.status} id={id} />;
  }
  const save = async (draft: InvoiceDraft) => {
    const saved = await reviseInvoice(
      id,
      { invoiceDate: draft.invoiceDate, gstScheme: draft.gstScheme, lines: linesBody(draft.lines), note: draft.note.trim() || undefined },
      loaded.current ?? invoice.updatedAt,
    );
    toast(`Invoice ${saved.number} revised (version ${saved.version}): total ${inr(saved.totalPaise)}. The shipper reviews it again.`);
    navigate(`/carrier/invoices/${id}`);
    client.setQueryData(carrierInvoiceQuery(id).queryKey, saved);
    void client.invalidateQueries({ queryKey: CARRIER_INVOICES_KEY });
    void client.invalidateQueries({ queryKey: BILLABLE_ORDERS_KEY });
  };
  const reload = async () => {
    const fresh = (await refetch()).data ?? invoice;
    loaded.current = fresh.updatedAt;
    return toDraft(fresh);
  };
  return (
    <Page title={`Revise invoice ${invoice.number}`}>
      <InvoiceEditor
        key={invoice.id}
        initial={toDraft(invoice)}
        revision={{
          id: invoice.id,
          shipper: { id: invoice.industryId, name: invoice.shipperName },
          plant: { id: invoice.plantId, name: invoice.plantName },
          reload,
        }}
        save={save}
        cancelTo={`/carrier/invoices/${id}`}
      />
    </Page>
  );
}
