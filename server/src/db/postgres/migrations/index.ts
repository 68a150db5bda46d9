import initialSchema from './001-initial-schema';
import subtitleRenditions from './002-subtitle-renditions';
import hardeningTables from './003-hardening-tables';
import fileWords from './004-file-words';
import fileWordsTitleKey from './005-file-words-title-key';
import countersInKeyOrder from './006-counters-in-key-order';
import subtitleRenditionSize from './007-subtitle-rendition-size';
import mediaPipeline from './008-media-pipeline';
import seededAccounts from './009-seeded-accounts';
import fileEvents from './010-file-events';
import versions from './011-versions';
import trash from './012-trash';
import slugKeysAndHolds from './013-slug-keys-and-holds';
import fileActivity from './014-file-activity';
import embedDefaults from './015-embed-defaults';
import purgeEvents from './016-purge-events';
import bulkJobs from './017-bulk-jobs';
import subtitleVersions from './018-subtitle-versions';
import fileEventsByColumn from './019-file-events-by-column';
import bulkBatchTriggers from './020-bulk-batch-triggers';
import jobTurns from './021-job-turns';
import addedEventsCarryFile from './022-added-events-carry-file';
import videoStorage from './023-video-storage';
import usernameSkeleton from './024-username-skeleton';
import workerTokens from './025-worker-tokens';
import playerAccess from './026-player-access';
import apiKeys from './027-api-keys';
import fileSchedules from './028-file-schedules';
import viewAnalytics from './029-view-analytics';
import webhooks from './030-webhooks';
import downloads from './031-downloads';
import chaptersTracks from './032-chapters-tracks';
import subtitleEvents from './033-subtitle-events';
import bulkValues from './034-bulk-values';
import downloadEvents from './035-download-events';
import subtitleEventKinds from './036-subtitle-event-kinds';
import restoredEvents from './037-restored-events';

/** A migration of PostgreSQL: its SQL runs inside the transaction that records its number. */
export interface PgMigration {
  sql: string;
  /**
   * Tables it writes whole: vacuumed once it has committed (VACUUM cannot run in a transaction), so that
   * index-only scans find their visibility map set from the first request.
   */
  vacuum?: readonly string[];
}

/**
 * The migrations in the order they run, one file each, named with its number and what it does;
 * `schema_migrations` records how many have run (migrations.ts runs them). Each is frozen text: never
 * edit a shipped one (test/migration-hashes.test.ts holds their hashes), and never interpolate live code
 * into one (what it created then is what it must create now). A change is a new file with the next
 * number, appended here. Their SQL keeps the text it shipped with: PostgreSQL stores a function's body
 * as written.
 */
export const MIGRATIONS: readonly PgMigration[] = [
  initialSchema,
  subtitleRenditions,
  hardeningTables,
  fileWords,
  fileWordsTitleKey,
  countersInKeyOrder,
  subtitleRenditionSize,
  mediaPipeline,
  seededAccounts,
  fileEvents,
  versions,
  trash,
  slugKeysAndHolds,
  fileActivity,
  embedDefaults,
  purgeEvents,
  bulkJobs,
  subtitleVersions,
  fileEventsByColumn,
  bulkBatchTriggers,
  jobTurns,
  addedEventsCarryFile,
  videoStorage,
  usernameSkeleton,
  workerTokens,
  playerAccess,
  apiKeys,
  fileSchedules,
  viewAnalytics,
  webhooks,
  downloads,
  chaptersTracks,
  subtitleEvents,
  bulkValues,
  downloadEvents,
  subtitleEventKinds,
  restoredEvents,
];
