import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionFor } from '../session/session';
import { apiClientFor, REQUEST_TIMEOUT_MS } from './client';
import { uploadSubtitle } from './subtitles';

/** Just enough of XMLHttpRequest to drive an upload's events by hand. */
class FakeXhr {
  static last: FakeXhr;
  upload: { onprogress?: (e: Partial<ProgressEvent>) => void; onload?: () => void } = {};
  onload?: () => void;
  onloadend?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  ontimeout?: () => void;
  /** As in a browser: a whole-request limit from send(), progress or not. */
  timeout = 0;
  status = 0;
  responseText = '';
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open() {}
  setRequestHeader() {}
  send() {
    if (this.timeout > 0) setTimeout(() => this.ontimeout?.(), this.timeout);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
    this.onloadend?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
    this.onloadend?.();
  }
}

const api = apiClientFor(sessionFor());
const file = new File(['1\r\n00:00:01,000 --> 00:00:02,000\r\nHi\r\n'], 'en.srt');
const SUB = {
  sub_id: 1,
  file_id: 7,
  sub_lang: 'en',
  sub_size: 40,
  sub_name: 'en.srt',
  sub_charset: 'utf-8',
  created_at: '2026-01-01T00:00:00Z',
};
const start = () => uploadSubtitle(api, { file, fileId: 7, lang: 'en', subTmp: 'abc_en.srt' });

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('uploadSubtitle time-out', () => {
  it('a slow upload that keeps making progress is not cut off, however long it takes', async () => {
    const reply = start();
    for (let sent = 1; sent <= 30; sent++) {
      vi.advanceTimersByTime(REQUEST_TIMEOUT_MS / 2); // 150 s in all, progress every 5 s
      FakeXhr.last.progress(sent, 30);
    }
    FakeXhr.last.upload.onload?.();
    vi.advanceTimersByTime(REQUEST_TIMEOUT_MS - 1);
    FakeXhr.last.answer(200, { status: 'success', message: 'Subtitle uploaded successfully!', data: { sub: SUB } });
    await expect(reply).resolves.toMatchObject({ status: 'success', data: { sub: { sub_id: 1 } } });
    expect(FakeXhr.last.aborted).toBe(false);
  });

  it('10 s without progress is a time-out, with the time-out message', async () => {
    const reply = start();
    FakeXhr.last.progress(1, 30);
    vi.advanceTimersByTime(REQUEST_TIMEOUT_MS);
    await expect(reply).rejects.toMatchObject({
      kind: 'timeout',
      message: 'The server did not answer within 10 seconds. Please try again.',
    });
    expect(FakeXhr.last.aborted).toBe(true);
  });

  it('10 s without an answer once the file is sent is a time-out', async () => {
    const reply = start();
    FakeXhr.last.progress(30, 30);
    FakeXhr.last.upload.onload?.();
    vi.advanceTimersByTime(REQUEST_TIMEOUT_MS);
    await expect(reply).rejects.toMatchObject({ kind: 'timeout' });
  });
});
