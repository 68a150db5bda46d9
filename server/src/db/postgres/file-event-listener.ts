import pg from 'pg';
import { SERVER_EVENTS_APPLICATION_NAME } from './application-names';

export const FILE_EVENTS_CHANNEL = 'vp_file_events';
/** Sessions ended (a sign-out, a new password): every node checks the keys of its open event streams. */
export const SESSIONS_ENDED_CHANNEL = 'vp_sessions_ended';

export interface Listening {
  close(): Promise<void>;
}

/** What a notification of each channel runs. */
export interface ListenHandlers {
  wake(): void;
  sessionsEnded(): void;
}

/**
 * One dedicated connection per node that LISTENs on the channel the file event trigger notifies
 * (migration 6), and on the one of ended sessions, whatever the number of streams the node holds.
 * Each handler runs on its channel's notifications and after every (re)connection, since notifications
 * sent while disconnected are lost; a broken connection is replaced after a pause that grows up to 5 s.
 */
export function listenForFileEvents(url: string, handlers: ListenHandlers, onError: (err: unknown) => void): Listening {
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const c = new pg.Client({ connectionString: url, application_name: SERVER_EVENTS_APPLICATION_NAME });
    client = c;
    c.on('notification', (message) => (message.channel === SESSIONS_ENDED_CHANNEL ? handlers.sessionsEnded() : handlers.wake()));
    c.on('error', (err) => reconnect(c, err));
    c.on('end', () => reconnect(c, null));
    try {
      await c.connect();
      await c.query(`LISTEN ${FILE_EVENTS_CHANNEL}; LISTEN ${SESSIONS_ENDED_CHANNEL}`);
      failures = 0;
      handlers.wake();
      handlers.sessionsEnded();
    } catch (err) {
      reconnect(c, err);
    }
  };
  const reconnect = (c: pg.Client, err: unknown) => {
    if (closed || client !== c) return;
    client = null;
    c.end().catch(() => {});
    if (err) onError(err);
    retry = setTimeout(() => void connect(), Math.min(5_000, 250 * 2 ** failures++));
    retry.unref();
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
