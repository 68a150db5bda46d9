/** One server-sent event: its `id:`, `event:` and `data:` lines (comments are dropped). */
export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Cuts a text/event-stream into messages as chunks arrive (the format of the HTML standard: fields
 * per line, a blank line ends a message, CR LF or LF). Returns a function to feed decoded text to.
 */
export function sseParser(onMessage: (message: SseMessage) => void): (chunk: string) => void {
  let buffer = '';
  let message: SseMessage = { id: undefined, event: 'message', data: '' };
  let hasData = false;
  return (chunk) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.search(/\r\n|\n|\r/)) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
      if (line === '') {
        if (hasData || message.id !== undefined) onMessage(message);
        message = { id: undefined, event: 'message', data: '' };
        hasData = false;
        continue;
      }
      const colon = line.indexOf(':');
      if (colon === 0) continue; // a comment: the heartbeat
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') message.id = value;
      else if (field === 'event') message.event = value;
      else if (field === 'data') {
        message.data = hasData ? `${message.data}\n${value}` : value;
        hasData = true;
      }
    }
  };
}
