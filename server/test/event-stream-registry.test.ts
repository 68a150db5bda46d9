import { describe, expect, it, vi } from 'vitest';
import { EventStreamRegistry, type OpenStream, type StreamRegistryOptions } from '../src/events/event-stream-registry';

const key = (n: number) => Buffer.alloc(32, n);
const stream = (keyHash: Buffer, address = '192.0.2.1'): OpenStream => ({ keyHash, address, endSession: vi.fn() });
const registry = (options: Partial<StreamRegistryOptions> = {}) =>
  new EventStreamRegistry({ maxPerKey: 2, maxPerAddress: 3, checkMs: 60_000, endedKeys: async () => [], onError: () => {}, ...options });

describe('EventStreamRegistry', () => {
  it('refuses a key past its cap and an address past its cap, and a released stream frees both slots', () => {
    const streams = registry();
    const first = streams.admit(stream(key(1)));
    expect(typeof first).toBe('function');
    expect(typeof streams.admit(stream(key(1)))).toBe('function');
    expect(streams.admit(stream(key(1)))).toBe('key');
    expect(streams.admit(stream(key(1), '198.51.100.7'))).toBe('key'); // the key's cap holds from any address
    expect(typeof streams.admit(stream(key(2)))).toBe('function');
    expect(streams.admit(stream(key(3)))).toBe('address');
    (first as () => void)();
    (first as () => void)(); // twice is once
    expect(typeof streams.admit(stream(key(3)))).toBe('function');
    expect(streams.admit(stream(key(4)))).toBe('address');
    streams.close();
  });

  it('ends the streams of the keys whose session ended, and only those; checks asked for meanwhile run once more after', async () => {
    let answer: (ended: Buffer[]) => void = () => {};
    const endedKeys = vi.fn(() => new Promise<Buffer[]>((resolve) => (answer = resolve)));
    const streams = registry({ maxPerAddress: 10, endedKeys });
    const [a1, a2, b] = [stream(key(1)), stream(key(1)), stream(key(2))];
    for (const s of [a1, a2, b]) streams.admit(s);

    streams.check();
    streams.check();
    streams.check();
    expect(endedKeys).toHaveBeenCalledTimes(1);
    expect(endedKeys.mock.calls[0]).toEqual([[key(1), key(2)]]);
    answer([key(1)]);
    await vi.waitFor(() => expect(endedKeys).toHaveBeenCalledTimes(2));
    expect([a1, a2, b].map((s) => vi.mocked(s.endSession).mock.calls.length)).toEqual([1, 1, 0]);
    answer([]);

    streams.close();
    streams.check();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(endedKeys).toHaveBeenCalledTimes(2);
  });
});
