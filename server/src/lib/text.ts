/** HTML-escapes text for element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The client's file name reduced to a harmless base name: metadata only, never a path. Drops any
 * directory part (either slash), control and NUL characters, and characters that are unsafe in a
 * Content-Disposition header; keeps letters of any script. Never empty.
 */
export function sanitizeFileName(name: string, fallback = 'subtitle'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/["<>|:*?\u2028\u2029]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 200);
  return cleaned.length ? cleaned : fallback;
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
