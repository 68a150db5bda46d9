import type { ApiClient } from './client';

/**
 * GET `path` with the session's key and hands the body to the browser as a file named `filename`: a
 * plain link could not send the key. The hidden link goes into `root` (the element's shadow root), where
 * its click is allowed.
 */
export async function downloadAsFile(api: ApiClient, path: string, filename: string, root: Node): Promise<void> {
  const response = await fetch(api.url(path), { headers: api.authHeaders(), cache: 'no-store' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  root.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
