import { LinearProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTexts } from '../i18n/texts';
import { FRAME_TEXTS } from './frame-texts';

/** docs/spec.md §9: the route progress bar completes after 500 ms. */
export const PROGRESS_MS = 500;

/** A thin bar across the top of the element that runs for 500 ms after each navigation. */
export function ProgressBar({ location }: { location: string }) {
  const [value, setValue] = useState<number | null>(null);
  const { t } = useTexts(FRAME_TEXTS);
  useEffect(() => {
    setValue(0);
    const start = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const done = Math.min(Math.max((now - start) / PROGRESS_MS, 0), 1);
      setValue(done * 100);
      if (done < 1) frame = requestAnimationFrame(tick);
      else setTimeout(() => setValue(null), 100);
    });
    return () => cancelAnimationFrame(frame);
  }, [location]);
  if (value === null) return null;
  return (
    <LinearProgress
      variant="determinate"
      value={value}
      aria-label={t('loadingPage')}
      sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1300, height: 3 }}
    />
  );
}
