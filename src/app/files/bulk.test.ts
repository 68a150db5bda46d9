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
      },
    );
    expect(peak).toBe(4);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 11 }, (_, i) => i));
    expect(result.failed).toEqual([]);
    expect(result.succeeded).toHaveLength(11);
  });

  it('reports partial failure without stopping the other items', async () => {
    const result = await runBulk([1, 2, 3, 4, 5], async (n) => {
      await Promise.resolve();
      if (n % 2 === 0) throw new Error('nope');
    });
    expect(result).toEqual({ succeeded: [1, 3, 5], failed: [2, 4] });
    expect(bulkMessage(result)).toEqual({ ok: false, text: 'Failed to perform action. 2 of 5 files could not be updated.' });
  });

  it('handles an empty list and says success when nothing failed', async () => {
    expect(await runBulk([], async () => {})).toEqual({ succeeded: [], failed: [] });
    expect(bulkMessage({ succeeded: [1], failed: [] })).toEqual({ ok: true, text: 'Action performed successfully!' });
  });
});
