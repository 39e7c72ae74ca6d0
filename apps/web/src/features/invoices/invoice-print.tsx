import './invoice-print.css';
import { createPortal } from 'react-dom';
import { taxInvoiceSheet } from '@freightdesk/shared/tax-invoice';
import type { InvoiceAnswer } from '../../domain/invoices/invoice-format.ts';

/** A party as rule 46 lists it: name, address, state, GSTIN (PAN for the supplier). */
function Party({ party }: { party: { title: string; lines: string[] } }) {
  return (
    <div>
      <strong>{party.title}</strong>
      {party.lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </div>
  );
}

/**
 * The invoice as a tax invoice on paper (the browser's print): supplier and recipient with their
 * GSTINs, number and date, the lines, taxable value, GST parts, total, amount in words and whether
 * tax is payable on reverse charge — the sheet of @freightdesk/shared/tax-invoice, which the API's
 * PDF draws too. Rendered beside the app (a child of body) so the print styles can show it alone;
 * the screen never shows it.
 */
export function InvoicePrint({ invoice }: { invoice: InvoiceAnswer }) {
  const sheet = taxInvoiceSheet(invoice);
  return createPortal(
    <div className="fd-invoice-print" aria-hidden="true">
      <h2 style={{ textAlign: 'center', margin: 0 }}>{sheet.title}</h2>
      <p style={{ textAlign: 'center', margin: '4px 0 0' }}>{sheet.subtitle}</p>
      <div className="parties">
        <Party party={sheet.supplier} />
        <div>
          <Party party={sheet.recipient} />
          <div>Place of supply: {sheet.placeOfSupply}</div>
        </div>
        <div>
          {sheet.facts.map((f) => (
            <div key={f.label}>
              {f.label}: {f.value}
            </div>
          ))}
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
          {sheet.lines.map((l, i) => (
            <tr key={l.id}>
              <td>{i + 1}</td>
              <td>{l.order}</td>
              <td>{l.vehicle}</td>
              <td>{l.description}</td>
              <td className="num">{l.amount}</td>
            </tr>
          ))}
          {sheet.totals.map((t) => (
            <tr key={t.label}>
              <td colSpan={4}>{t.strong ? <strong>{t.label}</strong> : t.label}</td>
              <td className="num">{t.strong ? <strong>{t.amount}</strong> : t.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <strong>Amount in words:</strong> {sheet.inWords}
      </p>
      <p style={{ marginTop: 48, textAlign: 'right' }}>{sheet.signatory}</p>
    </div>,
    document.body,
  );
}
