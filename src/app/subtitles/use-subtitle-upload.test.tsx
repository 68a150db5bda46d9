import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { renderHook, settle } from '../../../test/support/render-hook';

const uploadSubtitle = vi.fn();
vi.mock('../api/subtitles', () => ({ uploadSubtitle: (...args: unknown[]) => uploadSubtitle(...args) }));
vi.mock('../api/use-api', () => ({ useApi: () => ({}) }));
const toasts: [string, string][] = [];
vi.mock('../shell/notify', () => ({
  useNotify: () => ({
    error: (e: unknown, fallback?: string) => toasts.push(['error', fallback ?? String(e)]),
    byStatus: (status: string, m: string) => toasts.push([status, m]),
  }),
}));

const { useSubtitleUpload } = await import('./use-subtitle-upload');

const SRT = '1\r\n00:00:01,000 --> 00:00:02,000\r\nHello\r\n';
const srtFile = () => new File([SRT], 'en.srt', { type: 'application/x-subrip' });

async function chosenAndChecked() {
  const onDone = vi.fn();
  const hook = renderHook(() => useSubtitleUpload(7, onDone), {});
  act(() => hook.result.current.dispatch({ type: 'language', lang: 'en' }));
  act(() => hook.result.current.dispatch({ type: 'file-chosen', file: srtFile(), subTmp: 'tmp-1' }));
  // The checker is imported on first use: wait (bounded) until it has read the file.
  await vi.waitFor(async () => {
    await settle();
    expect(hook.result.current.state.check).toMatchObject({ format: expect.anything() });
  }, 10_000);
  return { ...hook, onDone };
}

beforeEach(() => {
  uploadSubtitle.mockReset();
  toasts.length = 0;
});

describe('useSubtitleUpload', () => {
  it('sends the file with its language and key, says what the server said and closes', async () => {
    uploadSubtitle.mockResolvedValue({ status: 'success', message: 'Subtitle uploaded successfully!', data: {} });
    const { result, onDone } = await chosenAndChecked();
    await act(() => result.current.upload());
    expect(uploadSubtitle.mock.calls[0]?.[1]).toMatchObject({ fileId: 7, lang: 'en', subTmp: 'tmp-1' });
    expect(toasts).toEqual([['success', 'Subtitle uploaded successfully!']]);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('a failed upload keeps the chosen file, its key and the language, and stays open', async () => {
    uploadSubtitle.mockRejectedValue(new TypeError('Failed to fetch'));
    const { result, onDone } = await chosenAndChecked();
    await act(() => result.current.upload());
    expect(toasts).toEqual([['error', 'Failed to upload subtitle']]);
    expect(onDone).not.toHaveBeenCalled();
    expect(result.current.state).toMatchObject({ lang: 'en', chosen: { subTmp: 'tmp-1' }, progress: null });
    expect(result.current.state.chosen?.file.name).toBe('en.srt');
  });

  it("a reply with status 'error' shows the server's message and keeps the form", async () => {
    uploadSubtitle.mockResolvedValue({ status: 'error', message: 'File size must be less than 5MB', data: null });
    const { result, onDone } = await chosenAndChecked();
    await act(() => result.current.upload());
    expect(toasts).toEqual([['error', 'File size must be less than 5MB']]);
    expect(onDone).not.toHaveBeenCalled();
    expect(result.current.state.chosen?.subTmp).toBe('tmp-1');
  });

  it('without a language nothing is sent and the language is asked for', async () => {
    const onDone = vi.fn();
    const { result } = renderHook(() => useSubtitleUpload(7, onDone), {});
    act(() => result.current.dispatch({ type: 'file-chosen', file: srtFile(), subTmp: 'tmp-2' }));
    await settle();
    await act(() => result.current.upload());
    expect(uploadSubtitle).not.toHaveBeenCalled();
    expect(result.current.state.langError).toBeTruthy();
  });
});
