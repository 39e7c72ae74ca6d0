import { ApiError, type Query, TOKEN_KEY } from './api.ts';

/** Downloads an authenticated API file (CSV / XLSX export, import template) as the browser's download. */
export async function downloadFile(path: string, query: Query, fallbackName: string): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') {
      params.set(k, String(v));
    }
  }
  const res = await fetch(`/api${path}?${params}`, { headers: { authorization: `Bearer ${localStorage.getItem(TOKEN_KEY) ?? ''}` } });
  if (!res.ok) {
    throw new ApiError(res.status, 'DOWNLOAD', 'The file could not be downloaded.');
  }
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
