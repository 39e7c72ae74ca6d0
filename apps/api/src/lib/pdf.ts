import PDFDocument from 'pdfkit';
import { contentDisposition } from './content-disposition.ts';
import type { FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The fonts of the documents the API prints (tax invoices, notes, consignment notes). The PDF
 * standard fonts have no ₹ (U+20B9), so DejaVu Sans (npm `dejavu-fonts-ttf`, Bitstream Vera licence)
 * is embedded, subset to the glyphs used.
 */
const require = createRequire(import.meta.url);
export type PdfFonts = { regular: Buffer; bold: Buffer };
let fonts: PdfFonts | undefined;

/** DejaVu Sans and its bold, read once on the first document. */
export function loadFonts(): PdfFonts {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/** A document number as a file name: letters, digits, '.', '_' and '-' only ("VR/26-27/0101" → "VR-26-27-0101.pdf"). */
export function pdfFileName(number: string, fallback: string): string {
  const safe = number
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 100);
  return `${safe || fallback}.pdf`;
}

export const PDF_MARGIN = 40;
export const PDF_TEXT_SIZE = 9;

/** What a PDF's metadata says: its title (the document's number), author, and when it was made. */
export type PdfMeta = { title: string; subject: string; author: string; createdAt: Date };

/**
 * An A4 document in the fonts above ('regular', 'bold'), its metadata set. Its creation date (and
 * with it the file's id) is the document's issue, so the same document makes the same bytes every time.
 */
export function newPdf(meta: PdfMeta): PDFKit.PDFDocument {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PDF_MARGIN,
    info: { Title: meta.title, Subject: meta.subject, Author: meta.author, Creator: 'Freightdesk', CreationDate: meta.createdAt },
    displayTitle: true,
    lang: 'en-IN',
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.font('regular').fontSize(PDF_TEXT_SIZE);
  return doc;
}

/** Writes a block of lines at (x, y) within `width`, under a bold title when one is given; returns the y below it. */
export function pdfBlock(doc: PDFKit.PDFDocument, x: number, y: number, width: number, title: string | null, lines: string[]): number {
  doc.x = x;
  doc.y = y;
  if (title) {
    doc.font('bold').text(title, { width });
  }
  doc.font('regular');
  for (const line of lines) {
    doc.text(line, { width });
  }
  return doc.y;
}

/** Sends a document's PDF, streamed, named after its number, never cached by a shared cache. */
export function sendPdf(reply: FastifyReply, fileName: string, pdf: PDFKit.PDFDocument) {
  return reply
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .type('application/pdf')
    .send(pdf);
}
