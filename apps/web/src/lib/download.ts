import { apiFetch, type Query } from './api.ts';

/** Downloads an authenticated API file (CSV / XLSX export, import template) as the browser's download. */
export async function downloadFile(path: string, query: Query, fallbackName: string): Promise<void> {
  const res = await apiFetch(path, {}, query);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(await res.blob(), name);
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
