/**
 * The operator's unsaved cues, kept in localStorage as they type, so that a reload, a crash or a
 * closed tab loses nothing: the next opening of the track offers to resume them.
 */

export interface CueDraft {
  /** The track's version the draft was edited from. */
  version: number | null;
  text: string;
  /** When it was last written (ms since the epoch). */
  at: number;
}

const keyOf = (subId: number) => `vpCueDraft:${subId}`;

export function readDraft(subId: number): CueDraft | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(keyOf(subId)) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { version, text, at } = value as Record<string, unknown>;
    if (typeof text !== 'string' || typeof at !== 'number' || !(version === null || typeof version === 'number')) return null;
    return { version, text, at };
  } catch {
    return null;
  }
}

/** False when the browser refused (storage full or blocked): the editor then says drafts are not kept. */
export function writeDraft(subId: number, draft: CueDraft): boolean {
  try {
    localStorage.setItem(keyOf(subId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function dropDraft(subId: number): void {
  try {
    localStorage.removeItem(keyOf(subId));
  } catch {
    // Storage blocked: there is no draft to drop.
  }
}
