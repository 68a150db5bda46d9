import * as v from 'valibot';
import { isApiError } from './api-error';

/**
 * Optimistic concurrency (docs/api.md, D32): every write names the version it was based on in
 * `If-Match`; the server refuses a stale one with 412 and the resource as it is now. A write whose
 * fields nobody else touched meanwhile is simply sent again on the fresh version (edits of different
 * fields merge by themselves); only a field someone else changed to something else is a conflict,
 * and the operator decides.
 */

/** The If-Match header for a version read earlier; none when the server sent no version (a server without versions). */
export const ifMatch = (version: number | null | undefined): Record<string, string> =>
  version === null || version === undefined ? {} : { 'If-Match': `"${version}"` };

/** The resource as it is now, when `error` is a 412 that carried it in the shape of `schema`; else null. */
export function staleCurrent<S extends v.GenericSchema>(error: unknown, schema: S): v.InferOutput<S> | null {
  if (!isApiError(error) || error.httpStatus !== 412) return null;
  const parsed = v.safeParse(schema, error.data);
  return parsed.success ? parsed.output : null;
}

/**
 * Whether two values of a reply are the same: by value, so that an object field (a file's
 * `player_access`) read again in a new object, its keys in any order, is not taken for a change; absent
 * and null are the same (a file without its own `player_access` may leave it out or send null).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if ((a ?? null) === (b ?? null)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/** The fields of `mine` that someone else changed since `base` was read, to something other than mine. */
export function conflictingFields<T extends object, P extends Partial<T>>(base: T, mine: P, theirs: T): (keyof P & keyof T)[] {
  return (Object.keys(mine) as (keyof P & keyof T)[]).filter((key) => {
    const now: unknown = theirs[key];
    return !sameValue(now, base[key]) && !sameValue(now, mine[key]);
  });
}

export type MergedWrite<T, P, R> =
  | { kind: 'done'; reply: R }
  /** Someone else changed `fields` meanwhile: `theirs` is the resource as it is now. */
  | { kind: 'conflict'; theirs: T; fields: (keyof P & keyof T)[] };

type Versioned = { version?: number | null | undefined };

/** A 412 answered by a write that lands again on the fresh version: a few rounds, then it is the operator's call. */
const MAX_REBASES = 3;

/**
 * Writes `patch` over `base` with If-Match. On 412, when none of the patch's fields changed
 * elsewhere, it writes the same patch again on the version the 412 carried; when one did, it returns
 * the conflict without writing. Any other failure is thrown as it came.
 */
export async function writeMerging<T extends Versioned, P extends Partial<T>, R>(
  schema: v.GenericSchema<unknown, T>,
  base: T,
  patch: P,
  write: (patch: P, headers: Record<string, string>) => Promise<R>,
): Promise<MergedWrite<T, P, R>> {
  let version = base.version;
  for (let round = 0; ; round++) {
    try {
      return { kind: 'done', reply: await write(patch, ifMatch(version)) };
    } catch (error) {
      const theirs = staleCurrent(error, schema);
      if (!theirs || round >= MAX_REBASES) throw error;
      const fields = conflictingFields(base, patch, theirs);
      if (fields.length > 0) return { kind: 'conflict', theirs, fields };
      version = theirs.version;
    }
  }
}
