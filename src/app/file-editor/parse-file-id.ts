/** A file id from an attribute or a route segment: a positive integer, else null. */
export function parseFileId(value: string | number | null | undefined): number | null {
  const text = String(value ?? '').trim();
  if (!/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}
