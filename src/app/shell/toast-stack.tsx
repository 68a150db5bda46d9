// Evaluated before notistack on purpose: see goober-sheet.ts.
import './goober-sheet';
import { GlobalStyles } from '@mui/material';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { useEffect } from 'react';
import type { ToastAction, ToastVariant } from './notify';
import { TOP_BAR_HEIGHT } from './theme';
import { Toast } from './toast';

/** A toast a screen asked for, waiting to be handed to notistack. */
export interface ToastRequest {
  variant: ToastVariant;
  message: string;
  /** Unset: the stack's default of 5000 ms. */
  autoHideDuration: number | undefined;
  action?: ToastAction | undefined;
}

const TOAST_COMPONENTS = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

/**
 * The stack starts below the top bar, so a toast never covers the theme toggle or the Account menu.
 * notistack's own rules come from an adopted sheet, which wins ties: hence the longer selector.
 */
const BELOW_TOP_BAR = { '.vp-portal .notistack-SnackbarContainer': { top: TOP_BAR_HEIGHT + 8 } } as const;

/**
 * notistack as the element's toast stack: top-right below the top bar, 5000 ms unless a screen asks
 * for less, at most five at once (a new one pushes out the oldest), paused while hovered and while
 * the window is in the background, rendered into `root` (the element's portal node).
 */
export default function NotistackStack({
  root,
  pending,
  onTaken,
}: {
  root: HTMLElement;
  pending: ToastRequest[];
  onTaken(count: number): void;
}) {
  useNeverHiddenFromAssistiveTech(root);
  return (
    <>
      <GlobalStyles styles={BELOW_TOP_BAR} />
      <SnackbarProvider
        maxSnack={5}
        autoHideDuration={5000}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        Components={TOAST_COMPONENTS}
        domRoot={root}
      >
        <Enqueue pending={pending} onTaken={onTaken} />
      </SnackbarProvider>
    </>
  );
}

/** Hands the waiting toasts to notistack, oldest first. */
function Enqueue({ pending, onTaken }: { pending: ToastRequest[]; onTaken(count: number): void }) {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => {
    if (!pending.length) return;
    for (const { variant, message, autoHideDuration, action } of pending) {
      enqueueSnackbar(message, { variant, ...(autoHideDuration ? { autoHideDuration } : {}), ...(action ? { toastAction: action } : {}) });
    }
    onTaken(pending.length);
  }, [pending, enqueueSnackbar, onTaken]);
  return null;
}

/**
 * MUI's Modal hides every sibling of its portal from assistive technology (aria-hidden) while a dialog
 * is open, and the toast stack is one: a toast the dialog raised ("Version 1 restored") went unannounced,
 * and a toast's close button was focusable inside a hidden tree (axe: aria-hidden-focus). The stack sits
 * above the backdrop and announces itself (role status or alert), so it stays perceivable: the attribute
 * is taken off as soon as it is put on.
 */
function useNeverHiddenFromAssistiveTech(root: HTMLElement) {
  useEffect(() => {
    const reveal = () => {
      for (const stack of root.querySelectorAll('.notistack-SnackbarContainer[aria-hidden]')) stack.removeAttribute('aria-hidden');
    };
    const observer = new MutationObserver(reveal);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-hidden'] });
    reveal();
    return () => observer.disconnect();
  }, [root]);
}
