import { GlobalStyles } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { TOP_BAR_HEIGHT } from './navbar';
import { SnackbarProvider } from './notify';
import { Toast } from './toast';

const TOAST_COMPONENTS = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

/**
 * The stack starts below the top bar, so a toast never covers the theme toggle or the Account menu.
 * (notistack's own rules come from an adopted sheet, which wins ties: hence the longer selector.)
 */
const BELOW_TOP_BAR = { '.vp-portal .notistack-SnackbarContainer': { top: TOP_BAR_HEIGHT + 8 } } as const;

/**
 * The element's toast stack: top-right below the top bar, 5000 ms, paused on hover and when the window
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
    <>
    <GlobalStyles styles={BELOW_TOP_BAR} />
    <SnackbarProvider
      maxSnack={5}
      autoHideDuration={5000}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      Components={TOAST_COMPONENTS}
      {...(root ? { domRoot: root } : {})}
    >
      {children}
    </SnackbarProvider>
    </>
  );
}
