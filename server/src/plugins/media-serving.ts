import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import fp from 'fastify-plugin';
import { NodeMediaCache } from '../media/node-media-cache';
import { ServingStates, type ServingState } from '../lib/serving-states';
import { readAccess } from '../db/files';
import { OPEN_ACCESS, type PlayerAccess } from '../../../src/contract/player-access';

export interface MediaServingOptions {
  /** How long a node trusts a file's state it read when no event told it of a change (VP_MEDIA_STATE_SECONDS). */
  ttlMs: number;
}

/** Files whose state a node remembers (a few MB at most); a busier node reads the oldest again. */
const MAX_FILES = 50_000;

/**
 * `app.servingState(fileId)`: whether a file's own media (`files/<file_id>-…/`) may be served, as the
 * media routes ask it for every playlist, segment and image. Kept per node (lib/serving-states.ts):
 * every event of the file in the log this node reads (a trash, a restore, a purge, whichever node made
 * it) makes the next request read it again, and `ttlMs` bounds how long a state is trusted when an
 * event is late (the log unreachable for a while).
 */
async function mediaServing(app: FastifyInstance, options: MediaServingOptions): Promise<void> {
  const states = new ServingStates((fileId) => app.files.servingState(fileId), { ttlMs: options.ttlMs, maxEntries: MAX_FILES });
  // Where each file may play (issue 40): its own setting or its account's default, asked by every
  // playlist and segment, so kept the same way; an account's default changed on this node forgets them
  // all at once, on another node within ttlMs.
  const access = new ServingStates<PlayerAccess>(async (fileId) => readAccess(await app.files.storedPlayerAccess(fileId)) ?? OPEN_ACCESS, {
    ttlMs: options.ttlMs,
    maxEntries: MAX_FILES,
  });
  const { s3, mediaPublicUrl, mediaCacheBytes, dataDir } = app.settings;
  const cache =
    s3 && !mediaPublicUrl && mediaCacheBytes > 0 ? new NodeMediaCache(path.join(dataDir, 'media-cache'), mediaCacheBytes) : null;
  app.decorate('mediaCache', cache);
  app.fileEvents.observe((events) => {
    for (const event of events) {
      if (event.kind === 'job' || event.kind === 'subtitle') continue;
      states.forget(event.file_id);
      access.forget(event.file_id);
      // Trashed or deleted for good, by any node: this node's copies of its media go (a restore reads them again).
      if (event.kind === 'deleted') cache?.forgetFile(event.file_id);
    }
  });
  // The node reads the event log from the first media request on (PostgreSQL: its LISTEN connection
  // opens then); states are read only once it does, so no change after a read goes unseen.
  let listening = false;
  let starting: Promise<void> | null = null;
  const listen = (): Promise<void> =>
    (starting ??= app.fileEvents.start().then(
      () => {
        listening = true;
      },
      (err: unknown) => {
        starting = null; // the database was away: the next request tries again
        throw err;
      },
    ));
  app.decorate('servingState', (fileId: number): ServingState | Promise<ServingState> =>
    listening ? states.state(fileId) : listen().then(() => states.state(fileId)),
  );
  app.decorate('playerAccess', (fileId: number): PlayerAccess | Promise<PlayerAccess> =>
    listening ? access.state(fileId) : listen().then(() => access.state(fileId)),
  );
  app.decorate('playerAccessChanged', (): void => access.forgetAll());
}

export default fp(mediaServing, { name: 'media-serving', dependencies: ['database', 'file-events'] });
