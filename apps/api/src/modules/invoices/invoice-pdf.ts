import type { CreditNoteView } from '@freightdesk/shared/schemas/notes';
import { type NoteInvoice, noteSheet, type TaxInvoiceSheet, type TaxInvoiceSource, taxInvoiceSheet } from '@freightdesk/shared/tax-invoice';
import {
  type PdfMeta as LibPdfMeta,
  newPdf,
  PDF_MARGIN as MARGIN,
  PDF_TEXT_SIZE as SIZE,
  pdfBlock as block,
  pdfFileName,
} from '../../lib/pdf.ts';

/**
 * The tax invoice as a PDF (`GET …/invoices/:id/pdf`): the sheet of @freightdesk/shared/tax-invoice,
 * the one the web's print draws, laid out on A4 with pdfkit, in the fonts of lib/pdf.ts.
 */

const GAP = 14;

/** The invoice number as a file name ("VR/26-27/0101" → "VR-26-27-0101.pdf"). */
export const invoicePdfFileName = (invoiceNumber: string): string => pdfFileName(invoiceNumber, 'invoice');

/** Heading, the parties side by side (supplier; recipient and place of supply; the invoice's facts). */
function header(doc: PDFKit.PDFDocument, sheet: TaxInvoiceSheet, width: number): void {
  doc.font('bold').fontSize(16).text(sheet.title, MARGIN, MARGIN, { width, align: 'center' });
  doc.font('regular').fontSize(SIZE).text(sheet.subtitle, { width, align: 'center' });
  const top = doc.y + GAP;
  const column = (width - 2 * GAP) / 3;
  const bottoms = [
    block(doc, MARGIN, top, column, sheet.supplier.title, sheet.supplier.lines),
    block(doc, MARGIN + column + GAP, top, column, sheet.recipient.title, [
      ...sheet.recipient.lines,
      `Place of supply: ${sheet.placeOfSupply}`,
    ]),
    block(
      doc,
      MARGIN + 2 * (column + GAP),
      top,
      column,
      null,
      sheet.facts.map((f) => `${f.label}: ${f.value}`),
    ),
  ];
  doc.x = MARGIN;
  doc.y = Math.max(...bottoms) + GAP;
}

/** The lines, then taxable value, the GST parts and the total under them (bold where the print is bold). */
function lines(doc: PDFKit.PDFDocument, sheet: TaxInvoiceSheet, width: number): void {
  const right = { x: 'right', y: 'top' } as const;
  const bold = { src: 'bold' };
  const head = (text: string) => ({ text, font: bold, type: 'TH' as const });
  doc.table({
    position: { x: MARGIN, y: doc.y },
    maxWidth: width,
    columnStyles: [24, 95, 85, '*', 95],
    defaultStyle: { border: 0.5, borderColor: '#444444', padding: 4 },
    data: [
      [
        head('#'),
        head(sheet.heads?.order ?? 'Order'),
        head(sheet.heads?.vehicle ?? 'Vehicle'),
        head('Description'),
        { ...head('Amount'), align: right },
      ],
      ...sheet.lines.map((l, i) => [String(i + 1), l.order, l.vehicle, l.description, { text: l.amount, align: right }]),
      ...sheet.totals.map((t) => {
        const font = t.strong ? bold : undefined;
        return [
          { text: t.label, colSpan: 4, font },
          { text: t.amount, align: right, font },
        ];
      }),
    ],
  });
}

/** Amount in words and the signatory, kept on one page with what is above when there is room. */
function footer(doc: PDFKit.PDFDocument, sheet: TaxInvoiceSheet, width: number): void {
  doc.x = MARGIN;
  doc.y += GAP;
  if (doc.y + 4 * GAP > doc.page.maxY()) {
    doc.addPage();
  }
  doc.font('bold').text('Amount in words: ', MARGIN, doc.y, { width, continued: true });
  doc.font('regular').text(sheet.inWords);
  doc.y += 3 * GAP;
  doc.text(sheet.signatory, MARGIN, doc.y, { width, align: 'right' });
}

/** What the PDF's metadata says; its subject is the sheet's title. */
export type PdfMeta = Omit<LibPdfMeta, 'subject'>;

/**
 * A sheet of @freightdesk/shared/tax-invoice as a PDF stream (A4), ended: pipe or send it where it
 * goes. Its creation date (and with it the file's id) is the document's issue, so the same issued
 * document makes the same bytes every time.
 */
export function sheetPdf(sheet: TaxInvoiceSheet, meta: PdfMeta): PDFKit.PDFDocument {
  const doc = newPdf({ ...meta, subject: sheet.title });
  const width = doc.page.width - 2 * MARGIN;
  header(doc, sheet, width);
  lines(doc, sheet, width);
  footer(doc, sheet, width);
  doc.end();
  return doc;
}

/** The tax invoice of `invoice` as a PDF, titled with its number and dated at its issue. */
export function invoicePdf(invoice: TaxInvoiceSource): PDFKit.PDFDocument {
  return sheetPdf(taxInvoiceSheet(invoice), { title: invoice.number, author: invoice.carrierName, createdAt: new Date(invoice.issuedAt) });
}

/** A credit or debit note against `invoice` as a PDF, titled with its number and dated when it was made. */
export function notePdf(note: CreditNoteView, invoice: NoteInvoice): PDFKit.PDFDocument {
  return sheetPdf(noteSheet(note, invoice), { title: note.number, author: invoice.carrierName, createdAt: new Date(note.createdAt) });
}
