import { useCallback, useRef, useState } from 'react';
import { isSlug } from '../../../contract/file-slug';
import { isApiError, messageOf } from '../../api/api-error';
import type { VideoFile } from '../../api/schemas';
import { useApi } from '../../api/use-api';
import { addVideo } from '../../api/videos';
import { useTexts } from '../../i18n/texts';
import { useNotify } from '../../shell/notify';
import { ADD_VIDEO_TEXTS } from './add-video-texts';

/** The rules' answers: keys of ADD_VIDEO_TEXTS, which the dialog reads in the element's language. */
export const NEED_SOURCE = 'needSource';
export const BAD_URL = 'badUrl';
export const TITLE_REQUIRED = 'titleRequired';
export const BAD_SLUG = 'badSlug';
export type VideoFormError = typeof NEED_SOURCE | typeof BAD_URL | typeof TITLE_REQUIRED | typeof BAD_SLUG;

export interface VideoForm {
  file: File | null;
  url: string;
  title: string;
  slug: string;
}

/** Each field's error, as a message key (not a text). */
export interface VideoFormErrors {
  source?: VideoFormError | undefined;
  title?: VideoFormError | undefined;
  slug?: VideoFormError | undefined;
}

export function validateVideoForm(form: VideoForm): VideoFormErrors {
  const url = form.url.trim();
  const slug = form.slug.trim();
  return {
    source: form.file ? undefined : !url ? NEED_SOURCE : /^https?:\/\/\S+$/i.test(url) ? undefined : BAD_URL,
    title: form.title.trim() ? undefined : TITLE_REQUIRED,
    slug: !slug || isSlug(slug) ? undefined : BAD_SLUG,
  };
}

const EMPTY: VideoForm = { file: null, url: '', title: '', slug: '' };

/** A file's name without its extension: the title a chosen file suggests. */
const titleOf = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[_.]+/g, ' ')
    .trim();

/**
 * The Add video dialog's state: the form, its errors (message keys), the upload's progress (null
 * when not sending) and the reason of a failure (the server's message, or the kit's own in the
 * element's language). A failed or cancelled upload keeps the chosen file and the typed
 * title, so trying again is one click.
 */
export function useAddVideo(onAdded: (file: VideoFile) => void) {
  const api = useApi();
  const notify = useNotify();
  const { t } = useTexts(ADD_VIDEO_TEXTS);
  const [form, setForm] = useState<VideoForm>(EMPTY);
  const [errors, setErrors] = useState<VideoFormErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sending = useRef<AbortController | null>(null);

  const change = useCallback((patch: Partial<VideoForm>) => {
    setForm((current) => {
      const next = { ...current, ...patch };
      if (patch.file && patch.title === undefined && !current.title.trim()) next.title = titleOf(patch.file.name);
      return next;
    });
    setErrors((current) => ({
      ...current,
      ...('file' in patch || 'url' in patch ? { source: undefined } : {}),
      ...('title' in patch || 'file' in patch ? { title: undefined } : {}),
      ...('slug' in patch ? { slug: undefined } : {}),
    }));
    setFailure(null);
  }, []);

  const submit = useCallback(async () => {
    if (sending.current) return;
    const found = validateVideoForm(form);
    setErrors(found);
    if (found.source || found.title || found.slug) return;
    const controller = new AbortController();
    sending.current = controller;
    setFailure(null);
    setProgress(0);
    try {
      const file = await addVideo(api, {
        file: form.file ?? undefined,
        sourceUrl: form.file ? undefined : form.url.trim(),
        title: form.title.trim(),
        slug: form.slug,
        onProgress: setProgress,
        signal: controller.signal,
      });
      notify.success(t('added', { title: file.file_title }));
      setForm(EMPTY);
      onAdded(file);
    } catch (error) {
      if (!controller.signal.aborted) {
        console.error('vp-file-list: the video could not be added.', error);
        setFailure(isApiError(error) ? messageOf(error, t('addFailed')) : t('addFailed'));
      }
    } finally {
      sending.current = null;
      setProgress(null);
    }
  }, [api, form, notify, onAdded, t]);

  /** Stops an upload in progress; the form stays as it was. */
  const cancel = useCallback(() => sending.current?.abort(), []);

  return { form, errors, progress, failure, busy: progress !== null, change, submit, cancel };
}
