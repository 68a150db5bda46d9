// Evaluated before notistack on purpose: see goober-sheet.ts.
import './goober-sheet';
import { useSnackbar, type OptionsObject } from 'notistack';
import { useCallback, useMemo } from 'react';
import { messageOf } from '../api/api-error';

export { SnackbarProvider, closeSnackbar } from 'notistack';

export type ToastVariant = 'success' | 'error' | 'warning' | 'info';

/** List-screen toasts close sooner than the shell's default of 5000 ms (spec §9). */
export const LIST_TOAST_MS = 3000;

/**
 * The one way screens show toasts. `error(err, fallback)` shows the server's message when the
 * server sent one, else the screen's own text (spec §8).
 */
export function useNotify(options: Pick<OptionsObject, 'autoHideDuration'> = {}) {
  const { enqueueSnackbar } = useSnackbar();
  const { autoHideDuration } = options;
  const show = useCallback(
    (variant: ToastVariant, message: string) => enqueueSnackbar(message, { variant, ...(autoHideDuration ? { autoHideDuration } : {}) }),
    [enqueueSnackbar, autoHideDuration],
  );
  return useMemo(
    () => ({
      show,
      success: (message: string) => show('success', message),
      warning: (message: string) => show('warning', message),
      info: (message: string) => show('info', message),
      error: (error: unknown, fallback?: string) => show('error', typeof error === 'string' ? error : messageOf(error, fallback)),
      /** For replies whose status picks the toast type; an unknown status counts as an error (spec §8). */
      byStatus: (status: string, message: string) => show(status === 'success' || status === 'warning' ? status : 'error', message),
    }),
    [show],
  );
}
