import { useEffect, useRef, type RefObject } from 'react';

/** How long a screen may take to appear (its code loads on first use) before focus stops waiting for it. */
const WAIT_FRAMES = 300;

const isVisible = (element: HTMLElement) => element.getClientRects().length > 0;

/** Moves focus to the heading of the screen in `container`; false when there is none (yet). */
export function focusHeading(container: HTMLElement | null, preventScroll = false): boolean {
  const heading = container?.querySelector<HTMLElement>('h1');
  if (!heading || !isVisible(heading)) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll });
  return true;
}

/** Nothing outside this element has focus (the body has it, or something inside our shadow root). */
function focusIsFree(container: HTMLElement | null): boolean {
  const active = document.activeElement;
  const root = container?.getRootNode();
  return !active || active === document.body || (root instanceof ShadowRoot && active === root.host);
}

/**
 * After each navigation, focus goes to the new screen's heading, so a screen reader starts there and
 * the next Tab continues from it (instead of from the top of the page). On first mount (a page load,
 * or the panel after sign-in) only when nothing else on the page has focus.
 */
export function useFocusHeading(location: string, container: RefObject<HTMLElement | null>) {
  const mounted = useRef(false);
  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (first && !focusIsFree(container.current)) return;
    let frames = 0;
    let frame = 0;
    const attempt = () => {
      if (focusHeading(container.current, first) || ++frames > WAIT_FRAMES) return;
      frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [location, container]);
}
