import { createHash } from 'node:crypto';
import type { SubtitleRow } from '../db/subtitles-repository';
import type { SubtitleStore } from '../db/subtitle-store';

/** Bytes hashed between two turns of the event loop: ~0.2-1 ms each. */
const HASH_SLICE = 256 * 1024;

/**
 * SHA-256 of `bytes`, a slice per turn of the event loop: in one piece a 5 MB original held the loop
 * 4-19 ms (measured at load 8-12) while every other request waited. WebCrypto's digest, though it
 * hashes off the loop, spent longer on it than that copying its input.
 */
async function sha256Of(bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256');
  for (let offset = 0; offset < bytes.byteLength; offset += HASH_SLICE) {
    if (offset > 0) await new Promise((resolve) => setImmediate(resolve));
    hash.update(bytes.subarray(offset, offset + HASH_SLICE));
  }
  return hash.digest('hex');
}

/** What the activity log says about a track: its id, language, format (the file's extension) and the SHA-256 of its original bytes. */
export async function trackFacts(
  store: SubtitleStore,
  row: SubtitleRow,
  bytes?: Buffer,
): Promise<{ sub_id: number; sub_lang: string; format: string; sha256: string | null }> {
  const content = bytes ?? (await store.get(row.storage_name).catch(() => null));
  return {
    sub_id: row.sub_id,
    sub_lang: row.sub_lang,
    format: /\.([^.]+)$/.exec(row.sub_name)?.[1]?.toLowerCase() ?? '',
    sha256: content ? await sha256Of(content) : null,
  };
}
