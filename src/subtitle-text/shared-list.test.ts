import { describe, expect, it } from 'vitest';
import { SharedList } from './shared-list';

const numbers = (count: number) => Array.from({ length: count }, (_, i) => ({ n: i }));

describe('SharedList', () => {
  it('reads as the array it was made from, by position, from the end and in order', () => {
    for (const count of [0, 1, 63, 64, 65, 200]) {
      const items = numbers(count);
      const list = SharedList.from(items);
      expect(list.length).toBe(count);
      expect([...list]).toEqual(items);
      expect(list.toArray()).toEqual(items);
      items.forEach((item, i) => expect(list.at(i)).toBe(item));
      expect(list.at(-1)).toBe(items.at(-1));
      expect(list.at(count)).toBeUndefined();
      expect(list.at(-count - 1)).toBeUndefined();
    }
  });

  it('`with` changes one item of a new list and shares the others; the list it came from is unchanged', () => {
    const items = numbers(200);
    const list = SharedList.from(items);
    const value = { n: -1 };
    const next = list.with(130, value);
    expect(next.at(130)).toBe(value);
    expect(list.at(130)).toBe(items[130]);
    expect(next.toArray()).toEqual(items.with(130, value));
    for (const i of [0, 64, 129, 131, 199]) expect(next.at(i)).toBe(items[i]);
    expect(() => list.with(200, value)).toThrow(RangeError);
  });

  it('finds the positions where two lists differ, whether they share chunks or not', () => {
    const items = numbers(300);
    const list = SharedList.from(items);
    const edited = list.with(3, { n: 3 }).with(250, { n: 250 });
    expect(SharedList.changed(list, edited)).toEqual([3, 250]);
    expect(SharedList.changed(list, list)).toEqual([]);
    // Two lists made apart hold the same items in chunks of their own: every item is compared.
    expect(SharedList.changed(list, SharedList.from(items))).toEqual([]);
    expect(SharedList.changed(items, edited)).toEqual([3, 250]);
    expect(() => SharedList.changed(list, numbers(3))).toThrow(RangeError);
  });
});
