import path from 'node:path';
import { ownerOfMediaKey, TUS_FOLDER } from './file-media';
import { checkMediaStore } from './media-check';
import type { MediaStore, StoredObject } from './media-store';
import { s3StoreFromEnv } from './media-store-env';
import { describeMediaStore, openMediaStore, type MediaStoreSettings } from './open-media-store';

/**
 * `media move`: copies the media of one store to another (a folder to a bucket, or back), so that the
 * operator can switch VP_MEDIA_DIR / VP_MEDIA_URL. The source is only read, so every file stays playable
 * from it until the switch. What is moved, folder by folder:
 * - each file's own folder `files/<file_id>-…/` (rendition, thumbnail, storyboard), and any other folder
 *   under `files/` (the demo's shared video);
 * - the uploaded sources waiting for their job, `uploads/<token>/`;
 * - tus uploads once whole (`uploads/tus/<id>` and its description `<id>.json`: a finished upload waits
 *   there for its job). A tus upload still in progress is left: its parts are in the format of its
 *   store's tus (a partial file, or a multipart upload of the bucket), which the other kind cannot
 *   continue; its client starts it again after the switch;
 * - anything else under the store, except `checks/` (media check's probes, deleted as it ends).
 *
 * Resumable: an object already at the target with the same size is not copied again, so a move killed
 * midway is run again and copies only what is missing (a store's put never leaves half an object).
 */

/** Objects of one folder copied at once: enough to hide a bucket's latency per small object (HLS segments). */
const OBJECTS_AT_ONCE = 4;

/** What became of one folder (a file's own folder, an upload, a tus upload). */
export interface MovedFolder {
  folder: string;
  /** Objects copied, and their bytes. */
  copied: number;
  bytes: number;
  /** Objects already at the target with the same size. */
  skipped: number;
  /** Objects that could not be copied, and the first reason. */
  failed: number;
  problem: string | null;
  /** Why the folder was left as it is (a tus upload in progress), else null. */
  left: string | null;
}

export interface MoveTotals {
  /** Files whose own folder was moved (every object of it copied or already there). */
  files: number;
  folders: number;
  copied: number;
  bytes: number;
  skipped: number;
  failed: number;
  left: number;
  ms: number;
}

/** The folder an object is moved and reported with: `files/<x>/`, `uploads/<token>/`, a tus upload `uploads/tus/<id>`. */
function folderOf(key: string): string {
  if (key.startsWith(`${TUS_FOLDER}/`)) return key.replace(/\.(json|part)$/, '');
  const [first, second, ...rest] = key.split('/');
  return rest.length ? `${first}/${second}/` : key;
}

/** Every object of the source, folder by folder (listed whole first: keys and sizes only, a few MB for 100,000 objects). */
async function folders(source: MediaStore): Promise<Map<string, StoredObject[]>> {
  const byFolder = new Map<string, StoredObject[]>();
  for await (const object of source.list('')) {
    if (object.key.startsWith('checks/')) continue;
    const folder = folderOf(object.key);
    const objects = byFolder.get(folder);
    if (objects) objects.push(object);
    else byFolder.set(folder, [object]);
  }
  return byFolder;
}

/** A tus upload's objects to move (its bytes and description) when it is whole, else why it is left. */
async function wholeTusUpload(source: MediaStore, upload: string, objects: StoredObject[]): Promise<StoredObject[] | string> {
  const bytes = objects.find((o) => o.key === upload);
  const description = objects.find((o) => o.key === `${upload}.json`);
  const inProgress = 'a tus upload in progress: its client starts it again after the switch';
  if (!bytes || !description) return inProgress;
  const declared = (JSON.parse((await source.head(description.key, description.size)).toString('utf8')) as { size?: unknown }).size;
  return declared === bytes.size ? [bytes, description] : inProgress;
}

/** Copies one object unless the target holds it with the same size; streamed from the source's read to the target's put. */
async function copyObject(source: MediaStore, target: MediaStore, object: StoredObject): Promise<'copied' | 'skipped'> {
  if ((await target.size(object.key)) === object.size) return 'skipped';
  const written = await target.putStream(object.key, await source.getStream(object.key));
  if (written !== object.size) throw new Error(`${object.key}: ${written} bytes read, ${object.size} listed`);
  return 'copied';
}

const reasonOf = (err: unknown): string => (err as { reason?: string }).reason ?? (err as Error).message ?? String(err);

async function moveFolder(source: MediaStore, target: MediaStore, folder: string, listed: StoredObject[]): Promise<MovedFolder> {
  const moved: MovedFolder = { folder, copied: 0, bytes: 0, skipped: 0, failed: 0, problem: null, left: null };
  const objects = folder.startsWith(`${TUS_FOLDER}/`) ? await wholeTusUpload(source, folder, listed) : listed;
  if (typeof objects === 'string') return { ...moved, left: objects };
  const queue = [...objects];
  const copyNext = async (): Promise<void> => {
    for (let object = queue.shift(); object; object = queue.shift()) {
      const { key, size } = object;
      const outcome = await copyObject(source, target, object).catch((err: unknown) => {
        moved.problem ??= `${key.slice(folder.length) || key}: ${reasonOf(err)}`;
        return 'failed' as const;
      });
      if (outcome === 'copied') {
        moved.copied += 1;
        moved.bytes += size;
      } else if (outcome === 'skipped') moved.skipped += 1;
      else moved.failed += 1;
    }
  };
  await Promise.all(Array.from({ length: OBJECTS_AT_ONCE }, copyNext));
  return moved;
}

/** Moves every folder of `source` to `target` (see above), reporting each as it ends; the totals at the end. */
export async function moveMedia(source: MediaStore, target: MediaStore, report: (folder: MovedFolder) => void): Promise<MoveTotals> {
  const started = Date.now();
  const totals: MoveTotals = { files: 0, folders: 0, copied: 0, bytes: 0, skipped: 0, failed: 0, left: 0, ms: 0 };
  const files = new Set<number>();
  for (const [folder, objects] of await folders(source)) {
    const moved = await moveFolder(source, target, folder, objects).catch((err: unknown): MovedFolder => ({
      folder,
      copied: 0,
      bytes: 0,
      skipped: 0,
      failed: 1,
      problem: reasonOf(err),
      left: null,
    }));
    report(moved);
    totals.folders += 1;
    totals.copied += moved.copied;
    totals.bytes += moved.bytes;
    totals.skipped += moved.skipped;
    totals.failed += moved.failed;
    if (moved.left) totals.left += 1;
    const owner = ownerOfMediaKey(folder);
    if (owner !== null && !moved.failed) files.add(owner);
  }
  return { ...totals, files: files.size, ms: Date.now() - started };
}

const megabytes = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

/** One line per folder: `copied`, `there` (nothing to copy), `FAILED` or `left`, then what it holds. */
export function describeFolder(moved: MovedFolder): string {
  if (moved.left) return `left    ${moved.folder}: ${moved.left}`;
  const counts = `${moved.copied} object(s), ${megabytes(moved.bytes)} copied, ${moved.skipped} already there`;
  if (moved.problem) return `FAILED  ${moved.folder}: ${moved.problem} (${counts}, ${moved.failed} failed)`;
  return `${moved.copied ? 'copied' : 'there '}  ${moved.folder} (${counts})`;
}

/** The count at the end. */
export function describeTotals(totals: MoveTotals): string {
  const seconds = Math.max(totals.ms, 1) / 1000;
  return (
    `Moved ${totals.files} file(s) in ${totals.folders} folder(s): ${totals.copied} object(s), ${megabytes(totals.bytes)} ` +
    `in ${seconds.toFixed(1)} s (${(totals.bytes / 1e6 / seconds).toFixed(1)} MB/s); ${totals.skipped} already there; ` +
    `${totals.failed} failed; ${totals.left} tus upload(s) in progress left`
  );
}

/** The store `--to` names: `s3://bucket/prefix` (reached with the environment's AWS_* variables), else a folder. */
export const moveTarget = (to: string, env: NodeJS.ProcessEnv): MediaStoreSettings =>
  to.trim().startsWith('s3://') ? { mediaDir: '', s3: s3StoreFromEnv({ ...env, VP_MEDIA_URL: to }) } : { mediaDir: path.resolve(to) };

/** Whether two stores overlap: the same bucket prefix, or folders one inside the other (the move would list its own copies). */
function overlap(a: MediaStoreSettings, b: MediaStoreSettings): boolean {
  if (a.s3 || b.s3)
    return !!(
      a.s3 &&
      b.s3 &&
      a.s3.bucket === b.s3.bucket &&
      a.s3.endpoint === b.s3.endpoint &&
      (a.s3.prefix.startsWith(b.s3.prefix) || b.s3.prefix.startsWith(a.s3.prefix))
    );
  const inside = (outer: string, inner: string) => !path.relative(outer, inner).startsWith('..');
  return inside(a.mediaDir, b.mediaDir) || inside(b.mediaDir, a.mediaDir);
}

/** What the operator does once every object is there (the last line): switch, or run the move again. */
function lastLine(to: MediaStoreSettings, from: MediaStoreSettings, failed: number): string {
  if (failed)
    return `Not finished: ${failed} object(s) failed. Run the same command again (what is already there is not copied again); until then keep ${describeMediaStore(from)}.`;
  const setting = to.s3 ? `VP_MEDIA_URL=${describeMediaStore(to)}` : `VP_MEDIA_DIR=${to.mediaDir} (and no VP_MEDIA_URL)`;
  return `Done. Now set ${setting} on every node and worker and restart them; until then they serve from ${describeMediaStore(from)}, which this move only read.`;
}

/**
 * `media move --to …`: checks the target (media check), moves every folder (one line each), prints the
 * count and what to do next. False when anything failed.
 */
export async function runMediaMove(from: MediaStoreSettings, to: MediaStoreSettings, print: (line: string) => void): Promise<boolean> {
  if (overlap(from, to)) throw new Error(`The target ${describeMediaStore(to)} overlaps the media store ${describeMediaStore(from)}.`);
  print(`Media move: from ${describeMediaStore(from)} to ${describeMediaStore(to)}`);
  const target = openMediaStore(to);
  let checked = true;
  await checkMediaStore(target, ({ step, problem }) => {
    if (problem) print(`FAILED target check, ${step}: ${problem}`);
    checked &&= !problem;
  });
  if (!checked) return false;
  const totals = await moveMedia(openMediaStore(from), target, (moved) => print(describeFolder(moved)));
  print(describeTotals(totals));
  print(lastLine(to, from, totals.failed));
  return totals.failed === 0;
}
