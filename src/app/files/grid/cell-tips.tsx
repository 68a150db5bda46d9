import { Popper } from '@mui/material';
import { useCallback, useEffect, useId, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';

interface Tip {
  anchor: HTMLElement;
  text: string;
}

const tipTarget = (target: EventTarget) => (target instanceof Element ? target.closest<HTMLElement>('[data-tip]') : null);

/**
 * The one tooltip of the list's cells: an element with `data-tip` shows that text below it while
 * the pointer is over it or it has keyboard focus. Mounted only then, so a page of rows renders no
 * tooltip at all. While shown, the element is described by it; Escape hides it.
 */
export function CellTips({ children }: { children: ReactNode }) {
  const id = useId();
  const [tip, setTip] = useState<Tip | null>(null);

  const show = useCallback(
    (anchor: HTMLElement | null) =>
      setTip((current) => (current?.anchor === anchor ? current : anchor ? { anchor, text: anchor.dataset.tip ?? '' } : null)),
    [],
  );

  // While shown, the element is described by the tooltip; a click may change what it says (Disable →
  // Enable), so it follows the element's `data-tip`.
  const anchor = tip?.anchor;
  useEffect(() => {
    if (!anchor) return;
    anchor.setAttribute('aria-describedby', id);
    const observer = new MutationObserver(() => setTip({ anchor, text: anchor.dataset.tip ?? '' }));
    observer.observe(anchor, { attributes: true, attributeFilter: ['data-tip'] });
    return () => {
      observer.disconnect();
      anchor.removeAttribute('aria-describedby');
    };
  }, [anchor, id]);

  const onMouseOver = (event: MouseEvent) => {
    // The pointer may rest on the tooltip itself (it is rendered through a portal, its events bubble here).
    if (event.target instanceof Element && event.target.closest(`[id="${id}"]`)) return;
    show(tipTarget(event.target));
  };
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof Element && event.target.matches(':focus-visible')) show(tipTarget(event.target));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') show(null);
  };

  return (
    <div onMouseOver={onMouseOver} onMouseLeave={() => show(null)} onFocus={onFocus} onBlur={() => show(null)} onKeyDown={onKeyDown}>
      {children}
      {/* A row replaced by the next page takes its tooltip with it. */}
      {tip?.anchor.isConnected ? (
        <Popper open anchorEl={tip.anchor} placement="bottom" id={id}>
          <div className="vp-tip">{tip.text}</div>
        </Popper>
      ) : null}
    </div>
  );
}
