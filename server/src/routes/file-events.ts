import type { ServerResponse } from 'node:http';
import type { DeliveredEvent } from '../events/file-event-hub';
import { fail } from '../plugins/errors';
import { apiKeySecurity, errorResponses } from '../schemas/common';
import { eventStreamResponse, resumeHeaderSchema } from '../schemas/file-events';
import { SESSION_ENDED } from '../schemas/messages';
import type { RouteApp } from '../schemas/route-types';

export interface FileEventRouteOptions {
  /** A comment line goes out this often so that proxies and clients see a live connection (default 15 s). */
  heartbeatMs?: number | undefined;
}

/** Bytes a stream may have waiting for a client that does not read before it is cut (it resumes when it comes back). */
const MAX_BUFFERED = 1024 * 1024;
/** How long a client waits before reconnecting after the stream dropped. */
const RETRY_MS = 2_000;

export const BAD_LAST_EVENT_ID = 'Last-Event-ID must be the id of an event of this stream';
export const TOO_MANY_STREAMS_PER_KEY = 'Too many live update streams for this session. Close another tab of the panel and try again.';
export const TOO_MANY_STREAMS_PER_ADDRESS = 'Too many live update streams from this address. Try again later.';

/** The last frame of a stream whose key ended (no id: it is not an event of the log). */
const SESSION_ENDED_FRAME = `event: session-ended\ndata: ${JSON.stringify({ status: 'error', message: SESSION_ENDED })}\n\n`;

const frame = (e: Pick<DeliveredEvent, 'id' | 'type' | 'data'>) => `id: ${e.id}\nevent: ${e.type}\ndata: ${e.data}\n\n`;

/** A `Last-Event-ID` header: absent (null), an event id, or not one (undefined). */
function lastEventId(header: string | string[] | undefined): number | null | undefined {
  if (header === undefined || header === '') return null;
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header)) return undefined;
  return Number(header);
}

/**
 * GET /api/files/events: the account's file changes as server-sent events, authenticated by the
 * x-apikey header like every API call (a key in the URL is not read). The connection counts once
 * for the rate limit, however many events it carries.
 */
export default async function fileEventRoutes(app: RouteApp, options: FileEventRouteOptions): Promise<void> {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/events',
    {
      schema: {
        tags: ['files'],
        summary: "The account's file changes, live (server-sent events)",
        description:
          'A `text/event-stream`. Every event has an `id:`; send the last one back as `Last-Event-ID` to resume. ' +
          '`event: file` carries `{ kind: "added", file_id, file }` (the File as it was added), `{ kind: "changed", file_id, changes }` ' +
          '(the changed fields of the File) or `{ kind: "deleted", file_id }`; `event: ready` says the stream is live; `event: reset` ' +
          'says events were missed (too far back): reload the list. A comment line comes every 15 s. The stream lives as long as ' +
          'its key: when the key ends (sign-out, a new password, the idle or maximum age of the session) it ends within a ' +
          'second, on every node, after `event: session-ended` with the 401 envelope as its data; the next request gets 401. ' +
          'A key may hold VP_MAX_STREAMS_PER_KEY (10) streams open on one node, a client address VP_MAX_STREAMS_PER_ADDRESS (100); ' +
          'one more is refused with 429 and the open ones go on.',
        security: apiKeySecurity,
        headers: resumeHeaderSchema,
        response: { 200: eventStreamResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const resumeFrom = lastEventId(request.headers['last-event-id']);
      if (resumeFrom === undefined) return fail(reply, 400, BAD_LAST_EVENT_ID);
      const hub = app.fileEvents;
      await hub.start();

      const res = reply.raw;
      const admitted = app.eventStreams.admit({
        keyHash: request.sessionKeyHash!,
        address: request.ip,
        endSession: () => {
          write(res, SESSION_ENDED_FRAME);
          res.end();
        },
      });
      if (admitted === 'key') return fail(reply, 429, TOO_MANY_STREAMS_PER_KEY);
      if (admitted === 'address') return fail(reply, 429, TOO_MANY_STREAMS_PER_ADDRESS);
      const release = admitted;

      reply.hijack();
      const socket = request.raw.socket;
      socket.setTimeout(0); // the connection timeout is for requests that stall, not for a stream
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'close', // never reused: a stream ends only when the client or the server goes away
      });
      res.write(`retry: ${RETRY_MS}\n\n`);

      // Live events wait while the missed ones are read; each id goes out once, in order.
      let sent = resumeFrom ?? 0;
      let waiting: DeliveredEvent[] | null = [];
      const send = (events: readonly DeliveredEvent[]) => {
        let text = '';
        for (const e of events) {
          if (e.id <= sent) continue;
          text += frame(e);
          sent = e.id;
        }
        if (text) write(res, text);
      };
      const heartbeat = setInterval(() => write(res, ': heartbeat\n\n'), heartbeatMs);
      const unsubscribe = hub.subscribe(request.accountId, {
        deliver: (events) => (waiting ? waiting.push(...events) : send(events)),
        end: () => res.destroy(), // the server is closing: the client reconnects to another node
      });
      res.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        release();
        socket.destroy(); // a client that went away may leave its end half-open
      });

      const upTo = hub.cursor;
      try {
        const missed = resumeFrom === null ? [] : await hub.missed(request.accountId, resumeFrom, upTo);
        if (missed === null) {
          write(res, frame({ id: upTo, type: 'reset', data: '{}' }));
          sent = upTo;
        } else send(missed);
      } catch (err) {
        request.log.warn({ err }, 'replaying file events failed');
        res.end(); // the client reconnects and asks again
        return;
      }
      const live = waiting;
      waiting = null;
      send(live);
      write(res, frame({ id: Math.max(sent, upTo), type: 'ready', data: '{}' }));
      sent = Math.max(sent, upTo);
    },
  );
}

/** Writes to a stream; a client that stopped reading loses the connection rather than the server memory. */
function write(res: ServerResponse, text: string): void {
  if (res.writableEnded || res.destroyed) return;
  if (res.writableLength > MAX_BUFFERED) {
    res.destroy();
    return;
  }
  res.write(text);
}
