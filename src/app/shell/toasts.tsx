import { useEffect, type ReactNode } from 'react';
import { SnackbarProvider } from './notify';
import { Toast } from './toast';

const TOAST_COMPONENTS = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

/**
 * The element's toast stack (spec §9): top-right, 5000 ms, paused on hover and when the window
 * loses focus (notistack does both), rendered into the element's own portal node.
 * Alt+T moves focus to the newest toast.
 */
export function Toasts({ root, children }: { root: HTMLElement | null; children: ReactNode }) {
  useEffect(() => {
    if (!root) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.key.toLowerCase() !== 't') return;
      const toasts = root.querySelectorAll<HTMLElement>('[data-vp-toast]');
      const newest = toasts[toasts.length - 1];
      if (!newest) return;
      event.preventDefault();
      newest.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [root]);

  return (
    <SnackbarProvider
      maxSnack={5}
      autoHideDuration={5000}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      Components={TOAST_COMPONENTS}
      {...(root ? { domRoot: root } : {})}
    >
      {children}
    </SnackbarProvider>
  );
}
