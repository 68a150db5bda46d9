import { Chip, Switch, Tooltip } from '@mui/material';
import { memo, type ReactElement } from 'react';
import type { VideoFile } from '../api/schemas';
import { CheckCircleIcon, ErrorOutlineIcon, HourglassEmptyIcon, SyncIcon } from '../ui/icons';
import { fileStatusInfo, type StatusFamily } from './file-status';

/**
 * One colour per family, tinted background and dark text (light theme) or light text (dark theme):
 * every pair is above 7:1, so the badge reads in both themes (WCAG AA asks 4.5:1). The icon says the
 * family too, for who does not see the colour. Constant style objects: a page of rows re-renders
 * them on every page change.
 */
const family = (light: [string, string], dark: [string, string]) =>
  ({
    bgcolor: light[0],
    color: light[1],
    fontWeight: 500,
    borderRadius: 1,
    '& .MuiChip-icon': { color: 'inherit', fontSize: 16 },
    '[data-vp-theme="dark"] &': { bgcolor: dark[0], color: dark[1] },
  }) as const;

const FAMILY_STYLE: Record<StatusFamily, { sx: ReturnType<typeof family>; icon: ReactElement }> = {
  waiting: { sx: family(['#eceff1', '#37474f'], ['rgba(176, 190, 197, 0.16)', '#cfd8dc']), icon: <HourglassEmptyIcon aria-hidden /> },
  moving: { sx: family(['#e3f2fd', '#0d47a1'], ['rgba(100, 181, 246, 0.18)', '#90caf9']), icon: <SyncIcon aria-hidden /> },
  failed: { sx: family(['#ffebee', '#b71c1c'], ['rgba(239, 83, 80, 0.2)', '#ffb4ab']), icon: <ErrorOutlineIcon aria-hidden /> },
  done: { sx: family(['#e8f5e9', '#1b5e20'], ['rgba(102, 187, 106, 0.18)', '#a5d6a7']), icon: <CheckCircleIcon aria-hidden /> },
};

/**
 * The read-only processing status: a tinted badge with its description as a tooltip. Memoised, like
 * the switch: the grid renders each new row's cells twice on a page change, the second time with the same props.
 */
export const StatusBadge = memo(function StatusBadge({ code }: { code: number }) {
  const status = fileStatusInfo(code);
  const { sx, icon } = FAMILY_STYLE[status.family];
  return (
    <Tooltip title={status.description} describeChild>
      <Chip size="small" label={status.name} icon={icon} tabIndex={0} data-family={status.family} sx={sx} />
    </Tooltip>
  );
});

/**
 * The one-click Active flag: a switch (it changes something), never a badge (badges only report).
 * The tooltip says what a click does: Disable or Enable.
 */
export const ActiveSwitch = memo(function ActiveSwitch({
  file,
  onToggle,
  label = 'Active',
}: {
  file: VideoFile;
  onToggle(file: VideoFile): void;
  label?: string;
}) {
  const active = file.isActive === 1;
  return (
    <Tooltip title={active ? 'Disable' : 'Enable'} describeChild>
      <Switch
        size="small"
        checked={active}
        onChange={() => onToggle(file)}
        slotProps={{ input: { role: 'switch', 'aria-label': label } }}
      />
    </Tooltip>
  );
});
