import { SERVER_APPLICATION_NAME, SERVER_EVENTS_APPLICATION_NAME } from './application-names';
import type { PgQueries } from './pg-queries';

/** How many connections of serving nodes the database has now (the CLI's own are named otherwise). */
export async function pgServerConnections(db: PgQueries): Promise<number> {
  const row = await db.get<{ n: string }>(
    `SELECT count(*) AS n FROM pg_stat_activity
     WHERE datname = current_database() AND application_name IN (?, ?)`,
    [SERVER_APPLICATION_NAME, SERVER_EVENTS_APPLICATION_NAME],
  );
  return Number(row!.n);
}
