import { createContext, useCallback, useContext, useMemo } from 'react';
import { messageOf } from '../api/api-error';
import { API_TEXTS } from '../api/texts';
import { useTexts } from '../i18n/texts';

export type ToastVariant = 'success' | 'error' | 'warning' | 'info';

/** List-screen toasts close sooner than the shell's default of 5000 ms. */
export const LIST_TOAST_MS = 3000;

/** A button on a toast (e.g. Undo after a delete); pressing it also closes the toast. */
export interface ToastAction {
  label: string;
  onClick(): void;
}

/** What the element's toast stack (`toasts.tsx`) offers the screens inside it. */
export interface ToastStack {
  show(variant: ToastVariant, message: string, autoHideDuration?: number, action?: ToastAction): void;
}

export const ToastContext = createContext<ToastStack | null>(null);

/**
 * The one way screens show toasts. `error(err, fallback)` shows the server's message when the
 * server sent one, else the screen's own text. Outside a toast stack (a screen rendered alone in a
 * test) toasts go nowhere.
 */
export function useNotify(options: { autoHideDuration?: number } = {}) {
  const stack = useContext(ToastContext);
  const { autoHideDuration } = options;
  const { t } = useTexts(API_TEXTS);
  const show = useCallback(
    (variant: ToastVariant, message: string) => stack?.show(variant, message, autoHideDuration),
    [stack, autoHideDuration],
  );
  return useMemo(
    () => ({
      show,
      success: (message: string) => show('success', message),
      /** A success toast with a button (Undo); it stays up a little longer so the button can be reached. */
      successWithAction: (message: string, action: ToastAction) =>
        stack?.show('success', message, Math.max(autoHideDuration ?? 0, 8000), action),
      warning: (message: string) => show('warning', message),
      info: (message: string) => show('info', message),
      error: (error: unknown, fallback?: string) =>
        show('error', typeof error === 'string' ? error : messageOf(error, fallback ?? t('generic'))),
      /** For replies whose status picks the toast type; an unknown status counts as an error. */
      byStatus: (status: string, message: string) => show(status === 'success' || status === 'warning' ? status : 'error', message),
    }),
    [show, t, stack, autoHideDuration],
  );
}
