import type { Database } from 'better-sqlite3';
import { MIGRATIONS } from './migrations/index';

/** Runs the missing migrations (migrations/), up to `target` (tests build older databases). */
export function migrate(db: Database, target = MIGRATIONS.length): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < target; version++) {
    db.transaction(() => {
      MIGRATIONS[version]!.up(db);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}
