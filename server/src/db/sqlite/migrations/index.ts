import type { Database } from 'better-sqlite3';
import initialSchema from './001-initial-schema';
import accountSearchWords from './002-account-search-words';
import filesVersion from './003-files-version';
import subtitleRenditions from './004-subtitle-renditions';
import hardeningTables from './005-hardening-tables';
import subtitleRenditionSize from './006-subtitle-rendition-size';
import mediaPipeline from './007-media-pipeline';
import seededAccounts from './008-seeded-accounts';
import fileEvents from './009-file-events';
import versions from './010-versions';
import trash from './011-trash';
import slugKeysAndHolds from './012-slug-keys-and-holds';
import fileActivity from './013-file-activity';
import embedDefaults from './014-embed-defaults';
import bulkJobs from './015-bulk-jobs';
import subtitleVersions from './016-subtitle-versions';
import filesVersionPerAccount from './017-files-version-per-account';
import jobTurns from './018-job-turns';
import videoStorage from './019-video-storage';
import usernameSkeleton from './020-username-skeleton';
import workerTokens from './021-worker-tokens';
import playerAccess from './022-player-access';
import apiKeys from './023-api-keys';
import fileSchedules from './024-file-schedules';
import viewAnalytics from './025-view-analytics';
import webhooks from './026-webhooks';
import downloads from './027-downloads';
import chaptersTracks from './028-chapters-tracks';
import subtitleEvents from './029-subtitle-events';
import bulkValues from './030-bulk-values';
import subtitleEventKinds from './031-subtitle-event-kinds';

/** A migration of SQLite: it runs inside the transaction that records its number. */
export interface SqliteMigration {
  up(db: Database): void;
}

/**
 * The migrations in the order they run, one file each, named with its number and what it does;
 * `PRAGMA user_version` records how many have run (migrations.ts runs them). Each is frozen text: never
 * edit a shipped one (test/migration-hashes.test.ts holds their hashes), and never call live code from
 * one (what it created then is what it must create now). A change is a new file with the next number,
 * appended here. Their SQL keeps the indentation it shipped with: SQLite stores a table's text as written.
 */
export const MIGRATIONS: readonly SqliteMigration[] = [
  initialSchema,
  accountSearchWords,
  filesVersion,
  subtitleRenditions,
  hardeningTables,
  subtitleRenditionSize,
  mediaPipeline,
  seededAccounts,
  fileEvents,
  versions,
  trash,
  slugKeysAndHolds,
  fileActivity,
  embedDefaults,
  bulkJobs,
  subtitleVersions,
  filesVersionPerAccount,
  jobTurns,
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
  subtitleEventKinds,
];
