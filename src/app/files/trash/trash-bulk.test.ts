import { describe, expect, it } from 'vitest';
import { ENGLISH, translator } from '../../i18n/texts';
import { FILES_TEXTS } from '../texts';
import { trashMessage } from './trash-bulk';
import { TRASH_TEXTS } from './trash-texts';

const t = translator(TRASH_TEXTS, ENGLISH).t;
const filesText = translator(FILES_TEXTS, ENGLISH).t;
const label = (id: number) => `file ${id}`;

describe('trashMessage', () => {
  it('counts what went', () => {
    expect(trashMessage('restore', { changed: [1], unchanged: [], failed: [] }, label, t, filesText)).toEqual({
      ok: true,
      text: '1 file restored.',
    });
    expect(trashMessage('purge', { changed: [1, 2, 3], unchanged: [], failed: [] }, label, t, filesText)).toEqual({
      ok: true,
      text: '3 files deleted forever.',
    });
  });

  it('names the failures and why, then what went', () => {
    const result = { changed: [1], unchanged: [], failed: [{ item: 2, reason: 'File not found in the trash' }] };
    expect(trashMessage('restore', result, label, t, filesText)).toEqual({
      ok: false,
      text: 'Failed to perform action. 1 of 2 files could not be updated (file 2): File not found in the trash. It stays selected. 1 file restored.',
    });
  });
});
