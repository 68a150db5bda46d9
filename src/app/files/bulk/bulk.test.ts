import { describe, expect, it } from 'vitest';
import { bulkMessage, bulkWarning, runBulk } from './bulk';

describe('bulkWarning', () => {
  it('asks for an action first, then for rows', () => {
    expect(bulkWarning('', 0)).toBe('Please select an action.');
    expect(bulkWarning('', 3)).toBe('Please select an action.');
    expect(bulkWarning('activate', 0)).toBe('Please select at least one file.');
    expect(bulkWarning('deactivate', 2)).toBeNull();
  });
});

describe('runBulk', () => {
  it('keeps at most 4 requests in flight and runs them all', async () => {
    let inFlight = 0;
    let peak = 0;
    const seen: number[] = [];
    const result = await runBulk(
      Array.from({ length: 11 }, (_, i) => i),
      async (n) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 5 + (n % 3) * 3));
        seen.push(n);
        inFlight--;
        return 'changed';
      },
    );
    expect(peak).toBe(4);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 11 }, (_, i) => i));
    expect(result.failed).toEqual([]);
    expect(result.changed).toHaveLength(11);
  });

  it('sorts items into changed, already as asked, and failed with the reason, without stopping', async () => {
    const result = await runBulk([1, 2, 3, 4, 5], async (n) => {
      await Promise.resolve();
      if (n === 2 || n === 4) throw new Error('disk full');
      return n === 5 ? 'unchanged' : 'changed';
    });
    expect(result).toEqual({
      changed: [1, 3],
      unchanged: [5],
      failed: [
        { item: 2, reason: 'disk full' },
        { item: 4, reason: 'disk full' },
      ],
    });
  });

  it('handles an empty list', async () => {
    expect(await runBulk([], async () => 'changed' as const)).toEqual({ changed: [], unchanged: [], failed: [] });
  });
});

describe('bulkMessage', () => {
  it('uses the text of docs/spec.md §8 when every file changed', () => {
    expect(bulkMessage({ changed: [1, 2], unchanged: [], failed: [] }, 'activate')).toEqual({
      ok: true,
      text: 'Action performed successfully!',
    });
  });

  it('counts files that already were as asked as done', () => {
    expect(bulkMessage({ changed: [], unchanged: [1, 2, 3], failed: [] }, 'activate')).toEqual({
      ok: true,
      text: '3 files were already active.',
    });
    expect(bulkMessage({ changed: [1, 2], unchanged: [3], failed: [] }, 'deactivate')).toEqual({
      ok: true,
      text: '2 files deactivated; 1 file was already inactive.',
    });
  });

  it('names the files that failed and why, and says they stay selected', () => {
    const label = (id: number) => `“Title ${id}”`;
    expect(bulkMessage({ changed: [1], unchanged: [3], failed: [{ item: 2, reason: 'disk full' }] }, 'deactivate', label)).toEqual({
      ok: false,
      text: 'Failed to perform action. 1 of 3 files could not be updated (“Title 2”): disk full. It stays selected. 1 file deactivated; 1 file was already inactive.',
    });
    expect(
      bulkMessage(
        {
          changed: [],
          unchanged: [],
          failed: [
            { item: 2, reason: 'a' },
            { item: 4, reason: 'b' },
          ],
        },
        'activate',
      ).text,
    ).toBe('Failed to perform action. 2 of 2 files could not be updated (2, 4). They stay selected.');
  });
});
