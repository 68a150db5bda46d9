import type { DatabaseOptions, Db } from './engine';
import { openPostgres } from './postgres/open-postgres';
import { openSqlite } from './sqlite/open-sqlite';

/**
 * Opens, migrates and (once per database) initializes the database of a server, a worker or the CLI:
 * PostgreSQL when a URL is given, else the SQLite file of the data folder. The only place that chooses.
 */
export function openDatabase(options: DatabaseOptions): Promise<Db> {
  return options.databaseUrl ? openPostgres(options, options.databaseUrl) : openSqlite(options);
}
