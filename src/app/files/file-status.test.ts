import { describe, expect, it } from 'vitest';
import { ENGLISH, translator } from '../i18n/texts';
import { FILE_STATUSES, fileStatusInfo, type FileStatusInfo } from './file-status';
import { FILES_TEXTS } from './texts';

const { t } = translator(FILES_TEXTS, ENGLISH);
const english = (status: FileStatusInfo) => ({ ...status, name: t(status.name), description: t(status.description) });

describe('file status catalogue', () => {
  it('lists the eleven statuses of docs/spec.md §4 in code order', () => {
    expect(FILE_STATUSES.map(english).map((s) => `${s.code} ${s.name}`)).toEqual([
      '0 Pending',
      '1 Received',
      '2 Downloading',
      '3 Downloaded',
      '4 Download Failed',
      '5 Uploading',
      '6 Uploaded',
      '7 Upload Failed',
      '8 Indexed',
      '9 Cleaned',
      '10 Completed',
    ]);
  });

  it('describes each status for its tooltip', () => {
    expect(english(fileStatusInfo(0)).description).toBe('Waiting for processing');
    expect(english(fileStatusInfo(1)).description).toBe('Received by a slave server');
    expect(english(fileStatusInfo(8)).description).toBe('Indexes built');
    expect(english(fileStatusInfo(10)).name).toBe('Completed');
  });

  it('reads an unknown code as Unknown', () => {
    expect(english(fileStatusInfo(11))).toMatchObject({ code: 11, name: 'Unknown', description: 'Unknown' });
    expect(english(fileStatusInfo(-1)).name).toBe('Unknown');
  });
});

describe('status families', () => {
  it('gives each colour one meaning: waiting, moving, failed, done', () => {
    const byFamily = (family: string) =>
      FILE_STATUSES.map(english)
        .filter((s) => s.family === family)
        .map((s) => s.name);
    expect(byFamily('waiting')).toEqual(['Pending', 'Received']);
    expect(byFamily('moving')).toEqual(['Downloading', 'Downloaded', 'Uploading', 'Uploaded', 'Indexed', 'Cleaned']);
    expect(byFamily('failed')).toEqual(['Download Failed', 'Upload Failed']);
    expect(byFamily('done')).toEqual(['Completed']);
    expect(fileStatusInfo(42).family).toBe('waiting');
  });
});
