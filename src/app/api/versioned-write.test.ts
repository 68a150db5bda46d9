import { describe, expect, it, vi } from 'vitest';
import type { PlayerAccess } from '../../contract/player-access';
import { ApiError } from './api-error';
import { fileSchema, type VideoFile } from './schemas';
import { conflictingFields, ifMatch, writeMerging } from './versioned-write';

const file = (changes: Partial<VideoFile> = {}): VideoFile => ({
  file_id: 1,
  file_server: 's',
  file_title: 'Base',
  file_slug: 'base',
  file_status: 10,
  isActive: 1,
  created_at: '2026-01-01T00:00:00Z',
  file_image: null,
  file_slide: null,
  version: 1,
  ...changes,
});
const stale = (current: VideoFile) => new ApiError('changed', 'http', 412, 'error', current);
const ok = (data: VideoFile) => ({ status: 'success', message: 'File updated successfully', data });

describe('ifMatch', () => {
  it('quotes the version; no header without one', () => {
    expect(ifMatch(7)).toEqual({ 'If-Match': '"7"' });
    expect(ifMatch(null)).toEqual({});
    expect(ifMatch(undefined)).toEqual({});
  });
});

describe('conflictingFields', () => {
  it('is a field someone else changed to another value than mine', () => {
    const base = file();
    expect(conflictingFields(base, { file_title: 'Mine' }, file({ file_title: 'Theirs' }))).toEqual(['file_title']);
    expect(conflictingFields(base, { file_title: 'Mine' }, file({ file_title: 'Mine' }))).toEqual([]);
    expect(conflictingFields(base, { file_title: 'Mine' }, file({ file_slug: 'theirs' }))).toEqual([]);
  });

  it("compares a field that is an object (player_access) by its value: a 412 from another field's change is no conflict", () => {
    const access: PlayerAccess = { embed: 'sites', sites: ['school.example'], signed: false, allow_no_referrer: true };
    const base = file({ player_access: { ...access } });
    const mine = { player_access: { ...access, signed: true } };
    // The same setting as read, in a new object (and its keys in another order): nobody changed it.
    const unchanged: PlayerAccess = { allow_no_referrer: true, signed: false, sites: ['school.example'], embed: 'sites' };
    expect(conflictingFields(base, mine, file({ player_access: unchanged, file_title: 'Theirs' }))).toEqual([]);
    expect(conflictingFields(base, mine, file({ player_access: { ...access, signed: true } }))).toEqual([]);
    expect(conflictingFields(base, mine, file({ player_access: { ...access, sites: ['other.example'] } }))).toEqual(['player_access']);
    expect(conflictingFields(base, mine, file({ player_access: null }))).toEqual(['player_access']);
    // A file without its own setting may leave it out or send null.
    expect(conflictingFields(file(), mine, file({ player_access: null, file_title: 'Theirs' }))).toEqual([]);
  });
});

describe('writeMerging', () => {
  it('five saves in a row, each on the version the previous reply gave, never conflict', async () => {
    let stored = file();
    const write = vi.fn(async (patch: { file_title: string }, headers: Record<string, string>) => {
      if (headers['If-Match'] !== `"${stored.version}"`) throw stale(stored);
      stored = { ...stored, ...patch, version: stored.version! + 1 };
      return ok(stored);
    });
    let base = stored;
    for (let n = 1; n <= 5; n++) {
      const result = await writeMerging(fileSchema, base, { file_title: `Save ${n}` }, write);
      if (result.kind !== 'done') throw new Error('conflict');
      base = result.reply.data;
    }
    expect(write).toHaveBeenCalledTimes(5);
    expect(stored).toMatchObject({ file_title: 'Save 5', version: 6 });
  });

  it('a change elsewhere to another field is merged: the same patch again on the fresh version', async () => {
    const theirs = file({ file_slug: 'theirs', version: 2 });
    const write = vi
      .fn()
      .mockRejectedValueOnce(stale(theirs))
      .mockResolvedValueOnce(ok(file({ file_title: 'Mine', version: 3 })));
    const result = await writeMerging(fileSchema, file(), { file_title: 'Mine' }, write);
    expect(result.kind).toBe('done');
    expect(write.mock.calls).toEqual([
      [{ file_title: 'Mine' }, { 'If-Match': '"1"' }],
      [{ file_title: 'Mine' }, { 'If-Match': '"2"' }],
    ]);
  });

  it('the same field changed elsewhere is a conflict, and nothing more is written', async () => {
    const theirs = file({ file_title: 'Theirs', version: 2 });
    const write = vi.fn().mockRejectedValue(stale(theirs));
    expect(await writeMerging(fileSchema, file(), { file_title: 'Mine' }, write)).toEqual({
      kind: 'conflict',
      theirs,
      fields: ['file_title'],
    });
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('any other failure is thrown as it came', async () => {
    const error = new ApiError('Slug already in use', 'http', 409, 'error');
    await expect(writeMerging(fileSchema, file(), { file_slug: 'x' }, vi.fn().mockRejectedValue(error))).rejects.toBe(error);
  });
});
