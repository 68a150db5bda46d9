import { Alert, type AlertColor } from '@mui/material';
import { keyframes } from '@emotion/react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { ToastItem } from './toasts';

/** Share of the toast's width a drag must pass before it dismisses: 80 %. */
const DISMISS_AT = 0.8;

const enter = keyframes({ from: { opacity: 0, transform: 'translateY(-8px)' }, to: { opacity: 1, transform: 'none' } });

/**
 * One toast: an MUI Alert that announces itself (status for good news, alert for errors), closes
 * itself after its time unless hovered, focused or `paused`, and can be dragged or swiped sideways to
 * dismiss. Focusable, so Alt+T can move focus to it.
 */
export function Toast({ toast, paused, onClose }: { toast: ToastItem; paused: boolean; onClose(id: number): void }) {
  const { id, message, variant, autoHideDuration } = toast;
  const [offset, setOffset] = useState(0);
  const [held, setHeld] = useState(false);
  const drag = useRef<{ startX: number; width: number } | null>(null);
  const severity: AlertColor = variant;

  // Time left survives pauses: a toast hovered at 4 s of 5 gets its last second after the pause.
  const left = useRef(autoHideDuration);
  useEffect(() => {
    if (paused || held) return;
    const started = performance.now();
    const timer = setTimeout(() => onClose(id), left.current);
    return () => {
      clearTimeout(timer);
      left.current = Math.max(0, left.current - (performance.now() - started));
    };
  }, [paused, held, id, onClose]);

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
    if (dismissed) onClose(id);
    else setOffset(0);
  };

  return (
    <Alert
      data-vp-toast=""
      tabIndex={-1}
      severity={severity}
      variant="filled"
      role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'}
      onClose={() => onClose(id)}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      sx={{
        pointerEvents: 'auto',
        width: { xs: '100%', sm: 'auto' },
        minWidth: { sm: 288 },
        maxWidth: { sm: 480 },
        boxSizing: 'border-box',
        touchAction: 'pan-y',
        cursor: 'grab',
        animation: `${enter} 200ms ease-out`,
        transform: `translateX(${offset}px)`,
        opacity: drag.current ? 1 - Math.min(Math.abs(offset) / (drag.current.width || 1), 1) * 0.7 : 1,
        transition: drag.current ? 'none' : 'transform 200ms, opacity 200ms',
        boxShadow: 3,
      }}
    >
      {message}
    </Alert>
  );
}
