import { describe, expect, it } from 'vitest';
import { ServingStates, type ServingState } from '../src/lib/serving-states';

/** A store of states whose reads the test answers by hand, and a clock it moves. */
function harness(ttlMs = 1_000, maxEntries = 100) {
  const clock = { now: 0 };
  const reads: { fileId: number; answer: (state: ServingState) => void }[] = [];
  const states = new ServingStates((fileId) => new Promise<ServingState>((resolve) => reads.push({ fileId, answer: resolve })), {
    ttlMs,
    maxEntries,
    now: () => clock.now,
  });
  return { clock, reads, states };
}

describe('a node’s memory of which files’ media may be served', () => {
  it('reads a file once, shares the read among concurrent requests, then answers at once until the TTL', async () => {
    const { clock, reads, states } = harness();
    const first = states.state(7);
    const second = states.state(7);
    expect(reads).toHaveLength(1);
    reads[0]!.answer('live');
    expect([await first, await second]).toEqual(['live', 'live']);
    expect(states.state(7)).toBe('live');
    clock.now = 999;
    expect(states.state(7)).toBe('live');
    clock.now = 1_000;
    expect(states.state(7)).toBeInstanceOf(Promise);
    expect(reads).toHaveLength(2);
  });

  it('reads again after an event of the file, and never keeps a read that was under way when it came', async () => {
    const { reads, states } = harness();
    const before = states.state(3);
    states.forget(3); // the trash's event arrives while the read (which may predate it) is under way
    reads[0]!.answer('live');
    expect(await before).toBe('live'); // the request that asked before the event gets what it read
    const after = states.state(3);
    expect(reads).toHaveLength(2);
    reads[1]!.answer('trashed');
    expect(await after).toBe('trashed');
    expect(states.state(3)).toBe('trashed');
  });

  it('forgets a failed read, and the oldest file past its size', async () => {
    const { reads, states } = harness(1_000, 2);
    const failing = new ServingStates(() => Promise.reject(new Error('database away')), { ttlMs: 1_000, maxEntries: 2 });
    await expect(failing.state(1)).rejects.toThrow('database away');
    expect(failing.size).toBe(0);

    for (const id of [1, 2, 3]) states.state(id);
    for (const read of reads) read.answer('live');
    await Promise.resolve();
    expect(states.size).toBe(2);
    expect(states.state(1)).toBeInstanceOf(Promise); // the oldest went
  });
});
