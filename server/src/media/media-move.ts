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
 *
 * Purged files leak nothing: a file's folder is copied only while its row exists, and each run ends by
 * deleting from the target every `files/<file_id>-…/` whose row is gone. A file purged during a move
 * had its folder copied, and its purge deletes only the source's (the store its node uses): the run that
 * follows, or this one when the purge came before its end, removes the target's copy.
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
  /** A purged file's folder: not copied from the source, or removed from the target; else null. */
  purged: 'not copied' | 'removed' | null;
}

/** Whether a file's row is still in the database (false once purged): the caller asks it, as media/ sits below db/. */
export type FileExists = (fileId: number) => Promise<boolean>;

export interface MoveTotals {
  /** Files whose own folder was moved (every object of it copied or already there). */
  files: number;
  folders: number;
  copied: number;
  bytes: number;
  skipped: number;
  failed: number;
  left: number;
  /** Folders of purged files not copied, or removed from the target (each counted once). */
  purged: number;
  ms: number;
}

/** The folder an object is moved and reported with: `files/<x>/`, `uploads/<token>/`, a tus upload `uploads/tus/<id>`. */
function folderOf(key: string): string {
  if (key.startsWith(`${TUS_FOLDER}/`)) return key.replace(/\.(json|part)$/, '');
  const [first, second, ...rest] = key.split('/');
  return rest.length ? `${first}/${second}/` : key;
}

/** Every object under `under` of a store, folder by folder (listed whole first: keys and sizes only, a few MB for 100,000 objects). */
async function folders(store: MediaStore, under = ''): Promise<Map<string, StoredObject[]>> {
  const byFolder = new Map<string, StoredObject[]>();
  for await (const object of store.list(under)) {
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

/** A folder's report before anything is done to it. */
const untouched = (folder: string): MovedFolder => ({
  folder,
  copied: 0,
  bytes: 0,
  skipped: 0,
  failed: 0,
  problem: null,
  left: null,
  purged: null,
});

async function moveFolder(source: MediaStore, target: MediaStore, folder: string, listed: StoredObject[]): Promise<MovedFolder> {
  const moved = untouched(folder);
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

/** Whether each file owning one of these folders still has its row, asked once per file. */
async function liveOwners(folderNames: Iterable<string>, fileExists: FileExists): Promise<Map<number, boolean>> {
  const live = new Map<number, boolean>();
  for (const folder of folderNames) {
    const owner = ownerOfMediaKey(folder);
    if (owner !== null && !live.has(owner)) live.set(owner, await fileExists(owner));
  }
  return live;
}

/**
 * The source's folders of files that still have their row. None of them having one is a database
 * other than the servers' (DATABASE_URL or VP_DATA_DIR left out): copying nothing and cleaning the
 * target after it would be wrong, so the move stops there.
 */
async function sourceOwners(byFolder: Map<string, StoredObject[]>, fileExists: FileExists): Promise<Map<number, boolean>> {
  const live = await liveOwners(byFolder.keys(), fileExists);
  if (live.size && ![...live.values()].some(Boolean))
    throw new Error(
      `None of the ${live.size} file(s) whose media the store holds is in this database: run the move with the servers' DATABASE_URL (or VP_DATA_DIR).`,
    );
  return live;
}

/** Deletes from the target the folders `files/<file_id>-…/` of files purged since (asked again now: a purge during this run counts). */
async function removePurged(target: MediaStore, fileExists: FileExists, report: (folder: MovedFolder) => void): Promise<void> {
  const byFolder = await folders(target, 'files/');
  const live = await liveOwners(byFolder.keys(), fileExists);
  for (const folder of byFolder.keys()) {
    const owner = ownerOfMediaKey(folder);
    if (owner === null || live.get(owner)) continue;
    report(
      await target.delete(folder).then(
        (): MovedFolder => ({ ...untouched(folder), purged: 'removed' }),
        (err: unknown): MovedFolder => ({ ...untouched(folder), failed: 1, problem: `not removed: ${reasonOf(err)}` }),
      ),
    );
  }
}

/**
 * Moves every folder of `source` to `target` (see above), reporting each as it ends, then removes from
 * the target the folders of purged files; the totals at the end.
 */
export async function moveMedia(
  source: MediaStore,
  target: MediaStore,
  report: (folder: MovedFolder) => void,
  fileExists: FileExists,
): Promise<MoveTotals> {
  const started = Date.now();
  const totals: MoveTotals = { files: 0, folders: 0, copied: 0, bytes: 0, skipped: 0, failed: 0, left: 0, purged: 0, ms: 0 };
  const files = new Set<number>();
  const purged = new Set<string>();
  const byFolder = await folders(source);
  const live = await sourceOwners(byFolder, fileExists);
  for (const [folder, objects] of byFolder) {
    const owner = ownerOfMediaKey(folder);
    const moved =
      owner !== null && !live.get(owner)
        ? { ...untouched(folder), purged: 'not copied' as const }
        : await moveFolder(source, target, folder, objects).catch((err: unknown): MovedFolder => ({
            ...untouched(folder),
            failed: 1,
            problem: reasonOf(err),
          }));
    report(moved);
    totals.folders += 1;
    totals.copied += moved.copied;
    totals.bytes += moved.bytes;
    totals.skipped += moved.skipped;
    totals.failed += moved.failed;
    if (moved.left) totals.left += 1;
    if (moved.purged) purged.add(folder);
    if (owner !== null && !moved.failed && !moved.purged) files.add(owner);
  }
  await removePurged(target, fileExists, (moved) => {
    totals.failed += moved.failed;
    if (moved.purged) purged.add(moved.folder);
    report(moved);
  });
  return { ...totals, files: files.size, purged: purged.size, ms: Date.now() - started };
}

const megabytes = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

/** One line per folder: `copied`, `there` (nothing to copy), `FAILED`, `left`, `purged` or `removed`, then what it holds. */
export function describeFolder(moved: MovedFolder): string {
  if (moved.left) return `left    ${moved.folder}: ${moved.left}`;
  if (moved.purged === 'not copied') return `purged  ${moved.folder}: its file is no longer in the database, not copied`;
  if (moved.purged === 'removed') return `removed ${moved.folder} from the target: its file is no longer in the database`;
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
    `${totals.failed} failed; ${totals.left} tus upload(s) in progress left; ${totals.purged} folder(s) of purged files not copied or removed from the target`
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
export async function runMediaMove(
  from: MediaStoreSettings,
  to: MediaStoreSettings,
  fileExists: FileExists,
  print: (line: string) => void,
): Promise<boolean> {
  if (overlap(from, to)) throw new Error(`The target ${describeMediaStore(to)} overlaps the media store ${describeMediaStore(from)}.`);
  print(`Media move: from ${describeMediaStore(from)} to ${describeMediaStore(to)}`);
  const target = openMediaStore(to);
  let checked = true;
  await checkMediaStore(target, ({ step, problem }) => {
    if (problem) print(`FAILED target check, ${step}: ${problem}`);
    checked &&= !problem;
  });
  if (!checked) return false;
  const totals = await moveMedia(openMediaStore(from), target, (moved) => print(describeFolder(moved)), fileExists);
  print(describeTotals(totals));
  print(lastLine(to, from, totals.failed));
  return totals.failed === 0;
}
