import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text';

describe('copyText', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('uses the Clipboard API when it works', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await copyText('hello', null)).toBe(true);
    expect(writeText).toHaveBeenCalledWith('hello');
  });

  it('falls back to a hidden textarea inside the shadow root when the API refuses', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    let seen: { parent: Node | null; value: string } | null = null;
    document.execCommand = vi.fn(() => {
      const area = shadow.querySelector('textarea');
      seen = { parent: area?.parentNode ?? null, value: area?.value ?? '' };
      return true;
    });
    expect(await copyText('<iframe>', shadow)).toBe(true);
    expect(seen).toEqual({ parent: shadow, value: '<iframe>' });
    expect(shadow.querySelector('textarea')).toBeNull();
    expect(document.body.querySelector('textarea')).toBeNull();
    host.remove();
  });

  it('falls back when the Clipboard API is missing, and reports a refused copy', async () => {
    vi.stubGlobal('navigator', {});
    document.execCommand = vi.fn(() => false);
    expect(await copyText('x', null)).toBe(false);
  });
});
