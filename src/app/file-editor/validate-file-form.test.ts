import { describe, expect, it } from 'vitest';
import { EDITOR_TEXTS } from './texts';
import { formPatch, isDirty, validateFileForm } from './validate-file-form';

const saved = { title: 'Movie', slug: 'movie', isActive: 1 as const };

describe('validateFileForm', () => {
  it('accepts a title and a slug', () => {
    expect(validateFileForm(saved)).toEqual({});
  });
  it("says 'File title is required' when the title is empty after trimming", () => {
    expect(validateFileForm({ ...saved, title: '   ' }).title).toBe('titleRequired');
    expect(EDITOR_TEXTS.en.titleRequired).toBe('File title is required');
  });
  it('requires a slug of letters, digits, - and _', () => {
    expect(validateFileForm({ ...saved, slug: ' ' }).slug).toBe('slugRequired');
    expect(validateFileForm({ ...saved, slug: 'a b' }).slug).toBe('slugInvalid');
    expect(validateFileForm({ ...saved, slug: 'x'.repeat(101) }).slug).toBe('slugInvalid');
    expect(validateFileForm({ ...saved, slug: 'A-z_09' }).slug).toBeUndefined();
  });
});

describe('formPatch', () => {
  it('sends only what changed, trimmed', () => {
    expect(formPatch({ title: ' New ', slug: 'movie', isActive: 0 }, saved)).toEqual({ file_title: 'New', isActive: 0 });
    expect(formPatch(saved, saved)).toEqual({});
    expect(isDirty({ ...saved, title: 'Movie ' }, saved)).toBe(false);
    expect(isDirty({ ...saved, slug: 'other' }, saved)).toBe(true);
  });
});
