import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fileSchema, subtitleSchema } from './schemas';

/** A File as the spec writes it (docs/spec.md): none of the fields a reference server adds. */
const specFile = {
  file_id: 7,
  file_server: 'srv-1',
  file_title: 'Title',
  file_slug: 'title',
  file_status: 10,
  isActive: 1,
  created_at: '2026-01-02T03:04:05.000Z',
  file_image: null,
  file_slide: null,
};

describe('reading replies of the contract', () => {
  it("reads a File of a server without versions, a trash or a pipeline, and one with a status newer than the kit's", () => {
    expect(v.parse(fileSchema, specFile)).toEqual(specFile);
    expect(v.parse(fileSchema, { ...specFile, file_status: 11 }).file_status).toBe(11);
  });

  it('reads a File without its pictures as one without a thumbnail', () => {
    const { file_image: _image, file_slide: _slide, ...withoutPictures } = specFile;
    expect(v.parse(fileSchema, withoutPictures)).toEqual(specFile);
  });

  it('refuses a File whose fields have the wrong type, or without a field of docs/spec.md §3', () => {
    expect(v.safeParse(fileSchema, { ...specFile, isActive: 2 }).success).toBe(false);
    expect(v.safeParse(fileSchema, { ...specFile, file_progress: 'half' }).success).toBe(false);
    const { file_slug: _slug, ...withoutSlug } = specFile;
    expect(v.safeParse(fileSchema, withoutSlug).success).toBe(false);
  });

  it('reads a Subtitle without a name, an encoding or a version', () => {
    const sub = { sub_id: 1, file_id: 7, sub_lang: 'en', sub_size: 96, created_at: '2026-01-02T03:04:05.000Z' };
    expect(v.parse(subtitleSchema, sub)).toEqual(sub);
    expect(v.safeParse(subtitleSchema, { ...sub, sub_size: -1 }).success).toBe(false);
  });
});
