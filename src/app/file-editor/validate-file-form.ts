/** The File Information form: what the user typed, and the messages it shows (spec §5). */
export interface FileForm {
  title: string;
  slug: string;
  isActive: 0 | 1;
}

/** Each field's problem, as the key of its message in EDITOR_TEXTS (the form shows it in the element's language). */
export type FileFormErrors = Partial<Record<'title' | 'slug', FileFormError>>;
export type FileFormError = 'titleRequired' | 'slugRequired' | 'slugInvalid';

/** Slug rule shared with the reference server (the server refuses any other slug with a 400). */
const SLUG = /^[A-Za-z0-9_-]{1,100}$/;

export function validateFileForm(form: FileForm): FileFormErrors {
  const errors: FileFormErrors = {};
  if (form.title.trim() === '') errors.title = 'titleRequired';
  const slug = form.slug.trim();
  if (slug === '') errors.slug = 'slugRequired';
  else if (!SLUG.test(slug)) errors.slug = 'slugInvalid';
  return errors;
}

/** The PUT body: only what changed, trimmed (an empty patch still goes out so the server says 'No changes to save'). */
export function formPatch(form: FileForm, saved: FileForm): { file_title?: string; file_slug?: string; isActive?: 0 | 1 } {
  const patch: { file_title?: string; file_slug?: string; isActive?: 0 | 1 } = {};
  if (form.title.trim() !== saved.title) patch.file_title = form.title.trim();
  if (form.slug.trim() !== saved.slug) patch.file_slug = form.slug.trim();
  if (form.isActive !== saved.isActive) patch.isActive = form.isActive;
  return patch;
}

export const isDirty = (form: FileForm, saved: FileForm): boolean => Object.keys(formPatch(form, saved)).length > 0;
