import { Box } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ToastContext, type ToastStack, type ToastVariant } from './notify';
import { TOP_BAR_HEIGHT } from './theme';
import { Toast } from './toast';

/** The shell's default: a toast closes after 5 s. */
const DEFAULT_HIDE_MS = 5000;
/** At most this many toasts at once; a new one pushes out the oldest. */
const MAX_TOASTS = 5;

export interface ToastItem {
  id: number;
  variant: ToastVariant;
  message: string;
  autoHideDuration: number;
}

/**
 * The element's toast stack: top-right, below the top bar (so a toast never covers the theme toggle
 * or the Account menu), 5000 ms unless a screen asks for less, paused while hovered or focused and
 * while the window is in the background, rendered into the element's own portal node.
 * Alt+T moves focus to the newest toast.
 */
export function Toasts({ root, children }: { root: HTMLElement | null; children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const close = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const stack = useMemo<ToastStack>(
    () => ({
      show: (variant, message, autoHideDuration = DEFAULT_HIDE_MS) => {
        const toast = { id: nextId.current++, variant, message, autoHideDuration };
        setToasts((current) => [...current, toast].slice(-MAX_TOASTS));
      },
    }),
    [],
  );
  const windowFocused = useWindowFocus();

  useEffect(() => {
    if (!root) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.key.toLowerCase() !== 't') return;
      const all = root.querySelectorAll<HTMLElement>('[data-vp-toast]');
      const newest = all[all.length - 1];
      if (!newest) return;
      event.preventDefault();
      newest.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [root]);

  return (
    <ToastContext.Provider value={stack}>
      {children}
      {root && toasts.length > 0
        ? createPortal(
            <Box
              data-vp-toasts=""
              sx={{
                position: 'fixed',
                zIndex: 1400,
                top: TOP_BAR_HEIGHT + 8,
                right: { xs: 8, sm: 24 },
                left: { xs: 8, sm: 'auto' },
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'flex-end',
                gap: 1,
                pointerEvents: 'none',
              }}
            >
              {toasts.map((toast) => (
                <Toast key={toast.id} toast={toast} paused={!windowFocused} onClose={close} />
              ))}
            </Box>,
            root,
          )
        : null}
    </ToastContext.Provider>
  );
}

/** Whether the window has focus: toasts wait while the user is elsewhere. */
function useWindowFocus(): boolean {
  const [focused, setFocused] = useState(() => typeof document === 'undefined' || document.hasFocus());
  useEffect(() => {
    const on = () => setFocused(true);
    const off = () => setFocused(false);
    window.addEventListener('focus', on);
    window.addEventListener('blur', off);
    return () => {
      window.removeEventListener('focus', on);
      window.removeEventListener('blur', off);
    };
  }, []);
  return focused;
}
