/**
 * The `Content-Disposition` of every download the API sends (documents, exports, import
 * templates, invoice PDFs, the bank file): `attachment` with an ASCII fallback name and the exact
 * UTF-8 name (RFC 6266 / RFC 5987), so a name in Hindi or with a quote arrives as it was written.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
