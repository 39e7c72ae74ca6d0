import type { DocumentFileType } from '@freightdesk/shared/schemas/document';

/** How many leading bytes the check looks at (a PDF header may sit anywhere in the first 1024). */
export const SNIFF_BYTES = 4096;

const startsWith = (head: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Text, not binary: no NUL and no control bytes other than tab, line feed, form feed and carriage return. */
function looksLikeText(head: Buffer): boolean {
  for (const b of head) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) {
      return false;
    }
  }
  return true;
}

/**
 * Do a file's first bytes fit the type its extension names? PDF `%PDF-`, JPEG FF D8 FF, PNG's
 * 8-byte signature, WebP `RIFF….WEBP`, XLSX/DOCX a ZIP container (PK 03 04), XLS an OLE2 compound
 * file, CSV plain text. XLSX and DOCX share the ZIP container and are told apart by the extension.
 */
export function contentMatches(type: DocumentFileType, head: Buffer): boolean {
  switch (type.label) {
    case 'PDF':
      return head.subarray(0, 1024).includes('%PDF-');
    case 'JPEG':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case 'PNG':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'WebP':
      return startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8);
    case 'XLSX':
    case 'DOCX':
      return startsWith(head, ZIP);
    case 'XLS':
      return startsWith(head, OLE2);
    case 'CSV':
      return !startsWith(head, ZIP) && !startsWith(head, OLE2) && looksLikeText(head);
  }
}
