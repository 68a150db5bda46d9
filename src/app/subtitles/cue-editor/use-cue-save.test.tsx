import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { renderHook, settle } from '../../../../test/support/render-hook';
import { parseVttDocument, serializeVttDocument } from '../../../subtitle-text/vtt-document';
import { ApiError } from '../../api/api-error';
import type { Subtitle } from '../../api/schemas';
import type { Base } from './use-cue-save';

const putSubtitleText = vi.fn();
const getSubtitleText = vi.fn();
vi.mock('../../api/subtitle-content', () => ({
  putSubtitleText: (...args: unknown[]) => putSubtitleText(...args),
  getSubtitleText: (...args: unknown[]) => getSubtitleText(...args),
}));
const toasts: string[] = [];
vi.mock('../../shell/notify', () => ({
  useNotify: () => ({
    success: (message: string) => toasts.push(`success: ${message}`),
    warning: (message: string) => toasts.push(`warning: ${message}`),
    error: (e: unknown, fallback?: string) =>
      toasts.push(`error: ${typeof e === 'string' ? e : e instanceof ApiError && e.fromServer ? e.message : fallback!}`),
  }),
}));

const { useCueSave } = await import('./use-cue-save');

const SUB: Subtitle = { sub_id: 7, file_id: 3, sub_lang: 'en', sub_size: 10, created_at: '2026-01-01T00:00:00Z', version: 4 };
const MINE = parseVttDocument('WEBVTT\n\n00:01.000 --> 00:02.000\n<i>Mine</i> <c.x>here</c>\n');
const BASE: Base = { doc: parseVttDocument('WEBVTT\n\n00:01.000 --> 00:02.000\nBefore\n'), version: 4 };

function setUp() {
  const stored: [Base, boolean][] = [];
  const onSaved = vi.fn();
  const onGone = vi.fn();
  const { result } = renderHook(
    () => useCueSave({ sub: SUB, base: BASE, onStored: (base, adopt) => stored.push([base, adopt]), onSaved, onGone }),
    {},
  );
  return { result, stored, onSaved, onGone };
}

beforeEach(() => {
  putSubtitleText.mockReset();
  getSubtitleText.mockReset();
  toasts.length = 0;
  localStorage.clear();
});

describe('saving the cues', () => {
  it('sends the whole text on the version it was read at; success drops the draft and moves the base', async () => {
    localStorage.setItem('vpCueDraft:7', JSON.stringify({ version: 4, text: 'x', at: 1 }));
    putSubtitleText.mockResolvedValue({ status: 'success', message: 'Subtitle text saved', data: { ...SUB, version: 5 } });
    const { result, stored, onSaved } = setUp();
    await act(() => result.current.save(MINE));
    expect(putSubtitleText).toHaveBeenCalledWith(expect.anything(), 7, serializeVttDocument(MINE), 4);
    expect(toasts).toEqual(['success: Cues saved']);
    expect(stored).toEqual([[{ doc: MINE, version: 5 }, false]]);
    expect(onSaved).toHaveBeenCalledOnce();
    expect(localStorage.getItem('vpCueDraft:7')).toBeNull();
  });

  it('a warning (cue text cleaned) is a toast, and the editor adopts the text the server stored', async () => {
    const message = 'Some cue text was cleaned: only <i>, <b> and <u> are kept';
    putSubtitleText.mockResolvedValue({ status: 'warning', message, data: { ...SUB, version: 5 } });
    getSubtitleText.mockResolvedValue({ text: 'WEBVTT\n\n00:01.000 --> 00:02.000\n<i>Mine</i> here\n', version: 5 });
    const { result, stored } = setUp();
    await act(() => result.current.save(MINE));
    expect(toasts).toEqual([`warning: ${message}`]);
    expect(stored.map(([base, adopt]) => [serializeVttDocument(base.doc), base.version, adopt])).toEqual([
      ['WEBVTT\n\n00:01.000 --> 00:02.000\n<i>Mine</i> here\n', 5, true],
    ]);
  });

  it('a 412 reads the text saved first for the conflict dialog; nothing is stored', async () => {
    putSubtitleText.mockRejectedValue(new ApiError('Precondition failed', 'http', 412, 'error', { ...SUB, version: 6 }));
    getSubtitleText.mockResolvedValue({ text: 'WEBVTT\n\n00:01.000 --> 00:02.000\nTheirs\n', version: 6 });
    const { result, stored } = setUp();
    await act(() => result.current.save(MINE));
    await settle();
    expect(stored).toEqual([]);
    expect(result.current.conflict?.version).toBe(6);
    expect(serializeVttDocument(result.current.conflict!.theirs)).toContain('Theirs');
  });

  it('a 400 names the line in a toast; a 404 says the track is gone and closes', async () => {
    putSubtitleText.mockRejectedValueOnce(new ApiError('Line 3: the timing line is broken', 'http', 400, 'error'));
    const { result, onGone } = setUp();
    await act(() => result.current.save(MINE));
    putSubtitleText.mockRejectedValueOnce(new ApiError('Subtitle not found', 'http', 404, 'error'));
    await act(() => result.current.save(MINE));
    expect(toasts[0]).toBe('error: Line 3: the timing line is broken');
    expect(toasts[1]).toMatch(/^error: This subtitle was deleted by someone else/);
    expect(onGone).toHaveBeenCalledOnce();
  });
});
