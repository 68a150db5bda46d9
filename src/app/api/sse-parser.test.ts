import { describe, expect, it } from 'vitest';
import { sseParser, type SseMessage } from './sse-parser';

describe('sseParser', () => {
  it('cuts messages across chunks, keeps ids and event names, drops comments', () => {
    const got: SseMessage[] = [];
    const feed = sseParser((m) => got.push(m));
    feed('retry: 2000\n\n: heartbeat\n\nid: 7\nevent: fi');
    feed('le\ndata: {"kind":"deleted","file_id":3}\n\nid: 8\r\nevent: ready\r\ndata: {}\r\n\r\n');
    expect(got).toEqual([
      { id: '7', event: 'file', data: '{"kind":"deleted","file_id":3}' },
      { id: '8', event: 'ready', data: '{}' },
    ]);
  });

  it('joins data lines with a newline', () => {
    const got: SseMessage[] = [];
    sseParser((m) => got.push(m))('data: a\ndata: b\n\n');
    expect(got).toEqual([{ id: undefined, event: 'message', data: 'a\nb' }]);
  });
});
