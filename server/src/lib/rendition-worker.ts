import { parentPort } from 'node:worker_threads';
import { makeRendition } from './subtitle-content';
import type { RenditionReply, RenditionRequest } from './rendition-pool';

/**
 * One conversion worker: the shared check and the WebVTT rendition of one file at a time, off the
 * server's event loop. The rendition goes back as UTF-8 bytes, transferred (not copied).
 */
const port = parentPort!;
port.on('message', (request: RenditionRequest) => {
  let reply: RenditionReply;
  try {
    reply = { id: request.id, rendition: makeRendition(request.bytes, request.fileName, request.charset, request.language) };
  } catch (err) {
    reply = { id: request.id, error: err instanceof Error ? err.message : String(err) };
  }
  const content = reply.rendition?.ok ? reply.rendition.content : undefined;
  port.postMessage(reply, content ? [content.buffer as ArrayBuffer] : []);
});
