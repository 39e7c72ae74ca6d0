import { type ConsignmentNoteSheet, consignmentNoteSheet } from '@freightdesk/shared/consignment-note';
import type { ConsignmentNoteView } from '@freightdesk/shared/schemas/consignment-note';
import { newPdf, PDF_MARGIN as MARGIN, PDF_TEXT_SIZE as SIZE, pdfBlock, pdfFileName } from '../../lib/pdf.ts';

const GAP = 12;

/** The note's number as a file name ("LR/26-27/0001" → "LR-26-27-0001.pdf"). */
export const lrFileName = (number: string) => pdfFileName(number, 'consignment-note');

/** Title, then the parties two to a row. */
function parties(doc: PDFKit.PDFDocument, sheet: ConsignmentNoteSheet, width: number): void {
  doc.font('bold').fontSize(16).text(sheet.title, MARGIN, MARGIN, { width, align: 'center' });
  doc.font('regular').fontSize(SIZE).text(sheet.subtitle, { width, align: 'center' });
  const column = (width - GAP) / 2;
  let top = doc.y + GAP;
  for (let i = 0; i < sheet.parties.length; i += 2) {
    const pair = sheet.parties.slice(i, i + 2);
    const bottoms = pair.map((p, j) => pdfBlock(doc, MARGIN + j * (column + GAP), top, column, p.title, p.lines));
    top = Math.max(...bottoms) + GAP;
  }
  doc.x = MARGIN;
  doc.y = top;
}

/** The trip's facts and the goods, as two tables. */
function tables(doc: PDFKit.PDFDocument, sheet: ConsignmentNoteSheet, width: number): void {
  const style = { border: 0.5, borderColor: '#444444', padding: 4 };
  const head = (text: string) => ({ text, font: { src: 'bold' }, type: 'TH' as const });
  doc.table({
    position: { x: MARGIN, y: doc.y },
    maxWidth: width,
    columnStyles: [130, '*'],
    defaultStyle: style,
    data: sheet.facts.map((f) => [head(f.label), f.value]),
  });
  doc.y += GAP;
  doc.table({
    position: { x: MARGIN, y: doc.y },
    maxWidth: width,
    columnStyles: ['*', 110, 150],
    defaultStyle: style,
    data: [
      [head('Goods (said to contain)'), head('Packages'), head('Weight')],
      [sheet.goods.description, sheet.goods.packages, sheet.goods.weight],
    ],
  });
}

/** The terms and the carrier's signature line. */
function terms(doc: PDFKit.PDFDocument, sheet: ConsignmentNoteSheet, width: number): void {
  doc.x = MARGIN;
  doc.y += GAP;
  if (doc.y + 8 * GAP > doc.page.maxY()) {
    doc.addPage();
  }
  pdfBlock(doc, MARGIN, doc.y, width, 'Terms', sheet.terms);
  doc.y += 3 * GAP;
  doc.text(sheet.signatory, MARGIN, doc.y, { width, align: 'right' });
}

/** A consignment note as a PDF stream (A4), ended; dated when the note was made, so it prints the same bytes every time. */
export function consignmentNotePdf(note: ConsignmentNoteView): PDFKit.PDFDocument {
  const sheet = consignmentNoteSheet(note);
  const doc = newPdf({ title: note.number, subject: sheet.title, author: note.details.carrier.name, createdAt: new Date(note.issuedAt) });
  const width = doc.page.width - 2 * MARGIN;
  parties(doc, sheet, width);
  tables(doc, sheet, width);
  terms(doc, sheet, width);
  doc.end();
  return doc;
}
