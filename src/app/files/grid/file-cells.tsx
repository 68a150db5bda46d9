import { memo, type ReactElement } from 'react';
import type { VideoFile } from '../../api/schemas';
import { DONE_ICON, FAILED_ICON, MOVING_ICON, WAITING_ICON } from './cell-icons';
import { compactDate } from './compact-date';
import { fileStatusInfo, type StatusFamily } from '../file-status';
import { useTexts } from '../../i18n/texts';
import { FILES_TEXTS } from '../texts';

/*
 * The row cells are plain elements styled by one static stylesheet (cell-styles.tsx) and described by
 * one shared tooltip (cell-tips.tsx, read from `data-tip`): a page of rows re-renders them on every page
 * change, so a cell is a few elements, without a styled component, a style object or a tooltip of its own.
 */

const FAMILY_ICON: Record<StatusFamily, ReactElement> = {
  waiting: WAITING_ICON,
  moving: MOVING_ICON,
  failed: FAILED_ICON,
  done: DONE_ICON,
};

/**
 * The read-only processing status: a badge tinted by its family (one colour per family; the icon says
 * the family too, for who does not see the colour), its description as a tooltip. Focusable, so the
 * keyboard reaches the description.
 */
export const StatusBadge = memo(function StatusBadge({ code, progress }: { code: number; progress?: number | null | undefined }) {
  const status = fileStatusInfo(code);
  const { t } = useTexts(FILES_TEXTS);
  // The pipeline reports how far the current step is (live, through the event stream).
  const percent = status.family === 'moving' && progress !== null && progress !== undefined ? ` ${Math.round(progress)}%` : '';
  return (
    <span className="vp-status" data-family={status.family} data-tip={t(status.description)} tabIndex={0}>
      {FAMILY_ICON[status.family]}
      {t(status.name)}
      {percent}
    </span>
  );
});

/**
 * The one-click Active flag: a switch (it changes something), never a badge (badges only report).
 * A native checkbox with the switch role, its track and knob drawn by the cell stylesheet (one element
 * per row: issue 44); the tooltip says what a click does: Disable or Enable.
 */
export const ActiveSwitch = memo(function ActiveSwitch({
  file,
  onToggle,
  label,
}: {
  file: VideoFile;
  onToggle(file: VideoFile): void;
  label?: string;
}) {
  const active = file.isActive === 1;
  const { t } = useTexts(FILES_TEXTS);
  return (
    <input
      type="checkbox"
      role="switch"
      className="vp-switch"
      aria-label={label ?? t('active')}
      checked={active}
      data-tip={active ? t('disable') : t('enable')}
      onChange={() => onToggle(file)}
    />
  );
});

/**
 * A file's schedule, when it has one (decision D56): 'Scheduled' with the next of its times, and both
 * times in full as the tooltip (and the label a screen reader reads). Focusable, as the status badge.
 */
export const ScheduledChip = memo(function ScheduledChip({ file }: { file: VideoFile }) {
  const { t, locale } = useTexts(FILES_TEXTS);
  const times = [file.activate_at, file.deactivate_at].filter((time): time is string => typeof time === 'string');
  if (!times.length) return null;
  const next = times.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));
  const full = [
    file.activate_at ? t('scheduledActivate', { when: compactDate(file.activate_at, undefined, locale).full }) : null,
    file.deactivate_at ? t('scheduledDeactivate', { when: compactDate(file.deactivate_at, undefined, locale).full }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <span className="vp-status vp-scheduled" data-family="waiting" data-tip={full} aria-label={full} tabIndex={0}>
      {t('scheduled', { when: compactDate(next, undefined, locale).short })}
    </span>
  );
});
