import { Alert, Button, type AlertColor } from '@mui/material';
import { SnackbarContent, useSnackbar, type CustomContentProps } from 'notistack';
import { forwardRef, useRef, useState, type PointerEvent } from 'react';
import type { ToastAction } from './notify';

declare module 'notistack' {
  interface OptionsObject {
    /** A button on the toast (see ToastAction). */
    toastAction?: ToastAction;
  }
}

/** Share of the toast's width a drag must pass before it dismisses: 80 %. */
const DISMISS_AT = 0.8;

/**
 * One toast, as notistack's content: an MUI Alert that announces itself (status for good news,
 * alert for errors and warnings) and can be dragged or swiped sideways to dismiss. Focusable, so
 * Alt+T can move focus to it.
 */
export const Toast = forwardRef<HTMLDivElement, CustomContentProps & { toastAction?: ToastAction }>(function Toast(
  { id, message, variant, toastAction },
  ref,
) {
  // The stack's own close: notistack's global closeSnackbar belongs to the last stack created, and
  // a page may hold several elements, each with its own stack.
  const { closeSnackbar } = useSnackbar();
  const [offset, setOffset] = useState(0);
  const drag = useRef<{ startX: number; width: number } | null>(null);
  const severity: AlertColor = variant === 'default' ? 'success' : variant;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    drag.current = { startX: event.clientX, width: event.currentTarget.offsetWidth };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setOffset(event.clientX - drag.current.startX);
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    const dismissed = Math.abs(offset) > drag.current.width * DISMISS_AT;
    drag.current = null;
    if (dismissed) closeSnackbar(id);
    else setOffset(0);
  };

  return (
    <SnackbarContent ref={ref} role="presentation">
      <Alert
        data-vp-toast=""
        tabIndex={-1}
        severity={severity}
        variant="filled"
        role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'}
        onClose={() => closeSnackbar(id)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        sx={{
          width: '100%',
          minWidth: { sm: 288 },
          maxWidth: { sm: 480 },
          boxSizing: 'border-box',
          touchAction: 'pan-y',
          cursor: 'grab',
          transform: `translateX(${offset}px)`,
          opacity: drag.current ? 1 - Math.min(Math.abs(offset) / (drag.current.width || 1), 1) * 0.7 : 1,
          transition: drag.current ? 'none' : 'transform 200ms, opacity 200ms',
          boxShadow: 3,
        }}
      >
        {message}
        {toastAction ? (
          <Button
            size="small"
            color="inherit"
            variant="outlined"
            sx={{ ml: 1.5, py: 0, verticalAlign: 'baseline' }}
            onClick={() => {
              closeSnackbar(id);
              toastAction.onClick();
            }}
          >
            {toastAction.label}
          </Button>
        ) : null}
      </Alert>
    </SnackbarContent>
  );
});
