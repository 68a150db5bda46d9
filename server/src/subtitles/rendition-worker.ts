import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { runEditTextTask } from './edit-text-tasks';
import { makeRendition } from './subtitle-content';
import type { RenditionReply, RenditionRequest } from './rendition-pool';

/**
 * One conversion worker: the shared check and the WebVTT rendition of one file at a time, or a task
 * of the cue editor's text (edit-text-tasks.ts), off the server's event loop. The rendition goes back as UTF-8 bytes, transferred (not copied).
 */
const port = parentPort!;

/**
 * Conversions are batch work: on a busy machine the thread that serves every request should get the
 * CPU first. Linux gives each thread a nice value of its own (`/proc/thread-self` names this one), so
 * this worker steps back to 10 and the event loop thread keeps its priority. Elsewhere, or when not
 * allowed, the conversion runs at the same priority as before.
 */
function stepBack(): void {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId !== process.pid) os.setPriority(threadId, 10);
  } catch {
    // not Linux, or the priority cannot change here
  }
}
stepBack();

port.on('message', (request: RenditionRequest) => {
  let reply: RenditionReply;
  try {
    reply = {
      id: request.id,
      result:
        request.kind === 'rendition'
          ? makeRendition(request.bytes, request.fileName, request.charset, request.language)
          : runEditTextTask(request),
    };
  } catch (err) {
    reply = { id: request.id, error: err instanceof Error ? err.message : String(err) };
  }
  const content = reply.result && 'content' in reply.result && reply.result.ok ? reply.result.content : undefined;
  port.postMessage(reply, content ? [content.buffer as ArrayBuffer] : []);
});
