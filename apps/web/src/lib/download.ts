import { apiFetch, type Query } from './api.ts';

/** Downloads an authenticated API file (CSV / XLSX export, import template) as the browser's download. */
export async function downloadFile(path: string, query: Query, fallbackName: string): Promise<void> {
  const res = await apiFetch(path, {}, query);
  saveBlob(await res.blob(), fileNameOf(res.headers.get('content-disposition')) ?? fallbackName);
}

/** The file name of a `Content-Disposition`: the exact UTF-8 one (`filename*`), else the ASCII fallback. */
export function fileNameOf(header: string | null): string | undefined {
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (exact) {
    try {
      return decodeURIComponent(exact);
    } catch {
      // A malformed encoding: the fallback name below.
    }
  }
  return /filename="([^"]+)"/.exec(header ?? '')?.[1];
}

/**
 * Hands a file to the browser's downloads. The object URL lives a minute: Chromium reads it after
 * the click, and on a busy machine (a CI run, a slow phone) a URL revoked after one second was gone
 * before the download started, and nothing was saved.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
