import { isSlug } from '../../contract/file-slug';
import { trimTitle } from '../../contract/file-title';

/** The File Information form: what the user typed, and the messages it shows (docs/spec.md §5). */
export interface FileForm {
  title: string;
  slug: string;
  isActive: 0 | 1;
}

/** Each field's problem, as the key of its message in EDITOR_TEXTS (the form shows it in the element's language). */
export type FileFormErrors = Partial<Record<'title' | 'slug', FileFormError>>;
export type FileFormError = 'titleRequired' | 'slugRequired' | 'slugInvalid';

export function validateFileForm(form: FileForm): FileFormErrors {
  const errors: FileFormErrors = {};
  if (trimTitle(form.title) === '') errors.title = 'titleRequired'; // as the server counts it: invisible characters are not a title
  const slug = form.slug.trim();
  if (slug === '') errors.slug = 'slugRequired';
  else if (!isSlug(slug)) errors.slug = 'slugInvalid';
  return errors;
}

/** The PUT body: only what changed, trimmed (the title as the server trims it) (an empty patch still goes out so the server says 'No changes to save'). */
export function formPatch(form: FileForm, saved: FileForm): { file_title?: string; file_slug?: string; isActive?: 0 | 1 } {
  const patch: { file_title?: string; file_slug?: string; isActive?: 0 | 1 } = {};
  if (trimTitle(form.title) !== saved.title) patch.file_title = trimTitle(form.title);
  if (form.slug.trim() !== saved.slug) patch.file_slug = form.slug.trim();
  if (form.isActive !== saved.isActive) patch.isActive = form.isActive;
  return patch;
}

export const isDirty = (form: FileForm, saved: FileForm): boolean => Object.keys(formPatch(form, saved)).length > 0;
