import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '@freightdesk/shared/constants';
import { ORDER_DOCUMENT_KINDS } from '@freightdesk/shared/schemas/document';
import { ApiError } from '../../lib/api.ts';
import { checkDocumentFile, documentPath, downloadPath, kindLabel, kindOptions, sizeLabel, uploadErrorText } from './documents.ts';

describe('checkDocumentFile', () => {
  it('accepts every allowed type up to the limit, whatever the case of the extension', () => {
    for (const name of ['lr.pdf', 'POD.JPG', 'pod.jpeg', 'a.png', 'b.webp', 'rates.xlsx', 'old.xls', 'list.csv', 'note.docx']) {
      expect(checkDocumentFile({ name, size: 1000 }), name).toBeNull();
    }
    expect(checkDocumentFile({ name: 'exact.pdf', size: MAX_DOCUMENT_BYTES })).toBeNull();
    expect(checkDocumentFile(null)).toBeNull();
  });

  it('names the file when refusing a type, a size or an empty file', () => {
    expect(checkDocumentFile({ name: 'setup.exe', size: 10 })).toBe(
      'setup.exe: only PDF, JPEG, PNG, WebP, XLSX, XLS, CSV or DOCX files can be uploaded.',
    );
    expect(checkDocumentFile({ name: 'README', size: 10 })).toMatch(/^README: only/);
    expect(checkDocumentFile({ name: 'scan.pdf', size: MAX_DOCUMENT_BYTES + 1 })).toBe(
      'scan.pdf is 10.1 MB; it is larger than the 10 MB limit.',
    );
    expect(checkDocumentFile({ name: 'big.png', size: 12.5 * 1024 * 1024 })).toBe('big.png is 12.5 MB; it is larger than the 10 MB limit.');
    expect(checkDocumentFile({ name: 'blank.csv', size: 0 })).toBe('blank.csv is empty.');
  });
});

describe('document helpers', () => {
  it('formats sizes', () => {
    expect(sizeLabel(820)).toBe('820 bytes');
    expect(sizeLabel(14_540)).toBe('14.2 KB');
    expect(sizeLabel(MAX_DOCUMENT_BYTES)).toBe('10 MB');
  });

  it('labels kinds, unknown ones as they are', () => {
    expect(kindLabel('lr')).toBe('Lorry receipt (LR)');
    expect(kindLabel('eway_bill')).toBe('E-way bill');
    expect(kindLabel('something')).toBe('something');
    expect(kindOptions(ORDER_DOCUMENT_KINDS).map((o) => o.value)).toEqual(['lr', 'pod', 'invoice', 'eway_bill', 'other']);
  });

  it('builds download and delete paths from the list path', () => {
    expect(downloadPath('/orders/outbound/12/documents', 7)).toBe('/orders/outbound/12/documents/7/download');
    expect(documentPath('/carrier/orders/12/documents/', 7)).toBe('/carrier/orders/12/documents/7');
  });

  it('puts the server’s field messages on the upload fields, else names the file', () => {
    const typeError = new ApiError(400, 'VALIDATION_FAILED', 'x', { file: 'a.pdf does not look like a PDF file' });
    expect(uploadErrorText(typeError, 'a.pdf')).toEqual({ file: 'a.pdf does not look like a PDF file', kind: undefined });
    expect(uploadErrorText(new ApiError(400, 'VALIDATION_FAILED', 'k', { kind: 'Kind must be one of: lr' }), 'a.pdf').kind).toMatch(/Kind/);
    expect(uploadErrorText(new ApiError(403, 'FORBIDDEN', 'You need a permission.'), 'a.pdf')).toEqual({
      file: 'a.pdf: You need a permission.',
    });
    expect(uploadErrorText(new Error('boom'), 'a.pdf').file).toMatch(/^a\.pdf could not be uploaded/);
  });
});
