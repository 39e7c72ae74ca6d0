import './invoice-print.css';
import { createPortal } from 'react-dom';
import { INVOICE_LINE_KIND_LABEL } from '@freightdesk/shared/schemas/invoice';
import { gstStateCode } from '@freightdesk/shared/money';
import type { InvoiceParty } from '@freightdesk/shared/schemas/invoice-views';
import { billedInWords, gstParts, type InvoiceAnswer, inr } from '../../components/invoices/invoice-format.ts';

/** Services accounting code of goods transport agency services by road. */
const GTA_SAC = '996791';

/** A party as rule 46 lists it: name, address, state, GSTIN (PAN for the supplier). */
function Party({ title, party }: { title: string; party: InvoiceParty }) {
  const place = [party.address, party.city, party.state && party.pincode ? `${party.state} ${party.pincode}` : party.state].filter(Boolean);
  return (
    <div>
      <strong>{title}</strong>
      <div>{party.name}</div>
      {place.length > 0 && <div>{place.join(', ')}</div>}
      <div>GSTIN: {party.gstin ?? 'Not registered'}</div>
      {party.pan && <div>PAN: {party.pan}</div>}
    </div>
  );
}

/**
 * The invoice as a tax invoice on paper (the browser's print): supplier and recipient with their
 * GSTINs, number and date, the lines, taxable value, GST parts, total, amount in words and whether
 * tax is payable on reverse charge. Rendered beside the app (a child of body) so the print styles
 * can show it alone; the screen never shows it.
 */
export function InvoicePrint({ invoice }: { invoice: InvoiceAnswer }) {
  const { gst } = invoice;
  return createPortal(
    <div className="fd-invoice-print" aria-hidden="true">
      <h2 style={{ textAlign: 'center', margin: 0 }}>Tax invoice</h2>
      <p style={{ textAlign: 'center', margin: '4px 0 0' }}>Goods transport agency services (SAC {GTA_SAC})</p>
      <div className="parties">
        <Party title="Supplier" party={invoice.supplier} />
        <div>
          <Party title="Recipient" party={invoice.recipient} />
          <div>Place of supply: {invoice.placeOfSupply || `state code ${gstStateCode(gst.recipientGstin)}`}</div>
        </div>
        <div>
          <div>Invoice no.: {invoice.number}</div>
          <div>Date: {invoice.invoiceDate}</div>
          <div>Financial year: {invoice.financialYear}</div>
          <div>Tax payable on reverse charge: {gst.reverseCharge ? 'Yes' : 'No'}</div>
        </div>
      </div>
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>Order</th>
            <th>Vehicle</th>
            <th>Description</th>
            <th className="num">Amount</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((l, i) => (
            <tr key={l.id}>
              <td>{i + 1}</td>
              <td>{l.orderNumber}</td>
              <td>{l.vehicleNumber ?? '—'}</td>
              <td>
                {INVOICE_LINE_KIND_LABEL[l.kind]}
                {l.reason ? `: ${l.reason}` : ''}
              </td>
              <td className="num">{l.kind === 'deduction' ? `−${inr(l.amountPaise)}` : inr(l.amountPaise)}</td>
            </tr>
          ))}
          <tr>
            <td colSpan={4}>
              <strong>Taxable value</strong>
            </td>
            <td className="num">
              <strong>{inr(invoice.taxablePaise)}</strong>
            </td>
          </tr>
          {gstParts(gst).map((p) => (
            <tr key={p.label}>
              <td colSpan={4}>
                {p.label}
                {gst.reverseCharge ? ' (payable by the recipient under reverse charge)' : ''}
              </td>
              <td className="num">{inr(p.paise)}</td>
            </tr>
          ))}
          <tr>
            <td colSpan={4}>
              <strong>Invoice total{gst.reverseCharge ? ' (payable to the supplier)' : ''}</strong>
            </td>
            <td className="num">
              <strong>{inr(invoice.totalPaise)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      <p>
        <strong>Amount in words:</strong> {billedInWords(invoice)}
      </p>
      <p style={{ marginTop: 48, textAlign: 'right' }}>For {invoice.carrierName}, authorised signatory</p>
    </div>,
    document.body,
  );
}
