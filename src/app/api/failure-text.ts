import { isApiError } from './api-error';
import { API_TEXTS } from './texts';
import type { TextFn } from '../i18n/texts';

/**
 * Why a load failed, for the operator: the server's message when it sent one (as sent), else the
 * kit's own words for what went wrong, in the element's language.
 */
export function failureText(error: unknown, t: TextFn<typeof API_TEXTS.en>, otherwise: string = t('unreachable')): string {
  if (!isApiError(error)) return t('unreachable');
  if (error.fromServer) return error.message;
  if (error.kind === 'timeout') return t('timeout');
  if (error.kind === 'invalid-response') return t('unreadable');
  return error.kind === 'network' ? t('unreachable') : otherwise;
}
