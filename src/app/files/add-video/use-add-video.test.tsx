import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, settle } from '../../../../test/support/render-hook';
import { ApiError } from '../../api/api-error';

const addVideo = vi.fn();
vi.mock('../../api/videos', () => ({ addVideo: (...args: unknown[]) => addVideo(...args) }));
vi.mock('../../api/use-api', () => ({ useApi: () => ({}) }));
const toasts: string[] = [];
vi.mock('../../shell/notify', () => ({ useNotify: () => ({ success: (m: string) => toasts.push(m) }) }));

const { useAddVideo, NEED_SOURCE, TITLE_REQUIRED, BAD_URL, BAD_SLUG } = await import('./use-add-video');

const video = () => new File([new Uint8Array(2048)], 'harbour_at-dawn.mp4', { type: 'video/mp4' });
const pending = { file_id: 77, file_title: 'harbour at-dawn', file_status: 0 };

function setup() {
  const onAdded = vi.fn();
  return { ...renderHook(() => useAddVideo(onAdded), {}), onAdded };
}

beforeEach(() => {
  addVideo.mockReset();
  toasts.length = 0;
});

describe('useAddVideo', () => {
  it('asks for a file or a URL and a title, and checks the URL and slug before sending anything', async () => {
    const { result } = setup();
    await act(() => result.current.submit());
    expect(result.current.errors).toEqual({ source: NEED_SOURCE, title: TITLE_REQUIRED, slug: undefined });
    act(() => result.current.change({ url: 'ftp://example.com/a.mp4', title: 'A', slug: 'no spaces' }));
    await act(() => result.current.submit());
    expect(result.current.errors).toEqual({ source: BAD_URL, title: undefined, slug: BAD_SLUG });
    expect(addVideo).not.toHaveBeenCalled();
  });

  it('uploads a chosen file under the title it suggests, shows progress, and hands over the new Pending file', async () => {
    let report: (fraction: number) => void = () => {};
    let finish: (file: unknown) => void = () => {};
    addVideo.mockImplementation((_api, upload: { onProgress: (f: number) => void }) => {
      report = upload.onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    const { result, onAdded } = setup();
    act(() => result.current.change({ file: video() }));
    expect(result.current.form.title).toBe('harbour at-dawn');
    act(() => void result.current.submit());
    expect(result.current.busy).toBe(true);
    act(() => report(0.42));
    expect(result.current.progress).toBe(0.42);
    expect(addVideo.mock.calls[0]![1]).toMatchObject({ file: expect.any(File), sourceUrl: undefined, title: 'harbour at-dawn', slug: '' });
    await act(async () => finish(pending));
    await settle();
    expect(onAdded).toHaveBeenCalledWith(pending);
    expect(toasts).toEqual(['“harbour at-dawn” added: Pending']);
    expect(result.current.busy).toBe(false);
  });

  it('sends a URL as the source when no file is chosen', async () => {
    addVideo.mockResolvedValue(pending);
    const { result } = setup();
    act(() => result.current.change({ url: ' https://media.example/clip.mp4 ', title: 'Clip', slug: 'clip-1' }));
    await act(() => result.current.submit());
    expect(addVideo.mock.calls[0]![1]).toMatchObject({
      file: undefined,
      sourceUrl: 'https://media.example/clip.mp4',
      title: 'Clip',
      slug: 'clip-1',
    });
  });

  it('keeps the chosen file and the typed title when the upload fails, and says why', async () => {
    addVideo.mockRejectedValue(new ApiError('The file is not a video', 'http', 400, 'error'));
    const { result, onAdded } = setup();
    const file = video();
    act(() => result.current.change({ file, title: 'Harbour' }));
    await act(() => result.current.submit());
    expect(result.current.failure).toBe('The file is not a video');
    expect(result.current.form).toMatchObject({ file, title: 'Harbour' });
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('cancels an upload in progress without an error, keeping the form', async () => {
    addVideo.mockImplementation(
      (_api, upload: { signal: AbortSignal }) =>
        new Promise((_resolve, reject) => upload.signal.addEventListener('abort', () => reject(new ApiError('Cancelled', 'network')))),
    );
    const { result } = setup();
    act(() => result.current.change({ file: video(), title: 'Harbour' }));
    act(() => void result.current.submit());
    await act(async () => result.current.cancel());
    await settle();
    expect(result.current.busy).toBe(false);
    expect(result.current.failure).toBeNull();
    expect(result.current.form.title).toBe('Harbour');
  });
});
