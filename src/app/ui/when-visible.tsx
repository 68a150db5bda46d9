import { Box } from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How near the viewport (px) the place must come: the content has loaded by the time it is seen. */
const AHEAD_PX = 400;

/**
 * Renders `children` once its place comes near the viewport, and keeps them from then on: a lazy
 * card below the fold downloads its code when the operator scrolls towards it, not with the screen.
 */
export function WhenVisible({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const target = place.current;
    if (seen || !target) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setSeen(true), {
      rootMargin: `${AHEAD_PX}px 0px`,
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [seen]);
  return seen ? children : <Box ref={place} sx={{ minHeight: 1 }} />;
}
