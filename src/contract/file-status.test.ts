import { describe, expect, it } from 'vitest';
import {
  FILE_STATUS,
  FILE_STATUS_CODES,
  FILE_STATUS_MAX,
  fileStatusLabel,
  fileStatusName,
  isCompleted,
  isFailed,
  isFinal,
  isKnownStatus,
  isProcessing,
} from './file-status';

describe('the file status helpers', () => {
  it('list every code once, in order, and name each by its key', () => {
    expect(FILE_STATUS_CODES).toEqual(Array.from({ length: FILE_STATUS_MAX + 1 }, (_, code) => code));
    for (const [name, code] of Object.entries(FILE_STATUS)) expect(fileStatusName(code)).toBe(name);
  });

  it("say docs/spec.md's names, and 'Unknown' for a code the contract does not have", () => {
    expect(fileStatusLabel(FILE_STATUS.downloadFailed)).toBe('Download Failed');
    expect(fileStatusLabel(FILE_STATUS.completed)).toBe('Completed');
    expect(fileStatusLabel(FILE_STATUS_MAX + 1)).toBe('Unknown');
    expect(fileStatusLabel(-1)).toBe('Unknown');
    expect(fileStatusName(1.5)).toBeUndefined();
    expect(isKnownStatus(FILE_STATUS_MAX + 1)).toBe(false);
  });

  it('sort every code into exactly one of processing, completed and failed', () => {
    const completed = FILE_STATUS_CODES.filter(isCompleted);
    const failed = FILE_STATUS_CODES.filter(isFailed);
    const processing = FILE_STATUS_CODES.filter(isProcessing);
    expect(completed).toEqual([FILE_STATUS.completed]);
    expect(failed).toEqual([FILE_STATUS.downloadFailed, FILE_STATUS.uploadFailed]);
    expect(processing.length + completed.length + failed.length).toBe(FILE_STATUS_CODES.length);
    expect(FILE_STATUS_CODES.filter(isFinal)).toEqual([FILE_STATUS.downloadFailed, FILE_STATUS.uploadFailed, FILE_STATUS.completed]);
    expect(isProcessing(FILE_STATUS_MAX + 1)).toBe(false);
  });
});
