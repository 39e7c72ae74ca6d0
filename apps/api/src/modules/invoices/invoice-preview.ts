import { gstSplit } from '@freightdesk/shared/money';
import type { InvoicePreview, InvoicePreviewInput } from '@freightdesk/shared/schemas/invoice';
import type { Db } from '../../db/client.ts';
import { type CarrierActor, priced } from './invoices.service.ts';

/**
 * What a draft invoice comes to, worked out exactly as submitting it would (the same checks, the
 * GST rate in force on its date, CGST and SGST within a state, IGST across): the carrier sees the
 * GST and the total before sending, and a refusal names the field as the submit's would. Nothing
 * is written.
 */
export async function previewInvoice(db: Db, actor: CarrierActor, input: InvoicePreviewInput): Promise<InvoicePreview> {
  const { values } = await priced(db, actor, input);
  const split = gstSplit(values.taxablePaise, values.gstRatePct, values.supplierGstin ?? values.recipientGstin, values.recipientGstin);
  return {
    taxablePaise: values.taxablePaise,
    gstRatePct: values.gstRatePct,
    cgstPaise: split.cgstPaise,
    sgstPaise: split.sgstPaise,
    igstPaise: split.igstPaise,
    taxPaise: values.taxPaise,
    totalPaise: values.totalPaise,
    reverseCharge: values.gstScheme === 'rcm',
  };
}
