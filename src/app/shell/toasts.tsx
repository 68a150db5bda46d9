import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ToastContext, type ToastStack } from './notify';
import type { ToastRequest } from './toast-stack';

// notistack (and its styles) load with the first toast: a screen that shows none never downloads them.
const NotistackStack = lazy(() => import('./toast-stack'));

/**
 * The element's toast stack, drawn by notistack (see `toast-stack.tsx`) in the element's own portal
 * node. Toasts asked for while notistack is still loading wait here and show in order once it is in.
 * Alt+T moves focus to the newest toast.
 */
export function Toasts({ root, children }: { root: HTMLElement | null; children: ReactNode }) {
  const [pending, setPending] = useState<ToastRequest[]>([]);
  const [asked, setAsked] = useState(false);
  const stack = useMemo<ToastStack>(
    () => ({
      show: (variant, message, autoHideDuration, action) => {
        setAsked(true);
        setPending((current) => [...current, { variant, message, autoHideDuration, action }]);
      },
    }),
    [],
  );
  const taken = useCallback((count: number) => setPending((current) => current.slice(count)), []);

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
      {asked && root ? (
        <Suspense fallback={null}>
          <NotistackStack root={root} pending={pending} onTaken={taken} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
