import { Chip, Switch, Tooltip } from '@mui/material';
import type { VideoFile } from '../api/schemas';
import { CheckCircleIcon, ErrorOutlineIcon, HourglassEmptyIcon, SyncIcon } from '../ui/icons';
import { fileStatusInfo, type StatusFamily } from './file-status';

/**
 * One colour per family, tinted background and dark text (light theme) or light text (dark theme):
 * every pair is above 7:1, so the badge reads in both themes (WCAG AA asks 4.5:1). The icon says the
 * family too, for who does not see the colour.
 */
const FAMILY_STYLE: Record<StatusFamily, { light: [string, string]; dark: [string, string]; Icon: typeof SyncIcon }> = {
  waiting: { light: ['#eceff1', '#37474f'], dark: ['rgba(176, 190, 197, 0.16)', '#cfd8dc'], Icon: HourglassEmptyIcon },
  moving: { light: ['#e3f2fd', '#0d47a1'], dark: ['rgba(100, 181, 246, 0.18)', '#90caf9'], Icon: SyncIcon },
  failed: { light: ['#ffebee', '#b71c1c'], dark: ['rgba(239, 83, 80, 0.2)', '#ffb4ab'], Icon: ErrorOutlineIcon },
  done: { light: ['#e8f5e9', '#1b5e20'], dark: ['rgba(102, 187, 106, 0.18)', '#a5d6a7'], Icon: CheckCircleIcon },
};

/** The read-only processing status: a tinted badge with its description as a tooltip. */
export function StatusBadge({ code }: { code: number }) {
  const status = fileStatusInfo(code);
  const { light, dark, Icon } = FAMILY_STYLE[status.family];
  return (
    <Tooltip title={status.description} describeChild>
      <Chip
        size="small"
        label={status.name}
        icon={<Icon aria-hidden />}
        tabIndex={0}
        data-family={status.family}
        sx={(theme) => {
          const [bg, fg] = theme.palette.mode === 'dark' ? dark : light;
          return { bgcolor: bg, color: fg, fontWeight: 500, borderRadius: 1, '& .MuiChip-icon': { color: 'inherit', fontSize: 16 } };
        }}
      />
    </Tooltip>
  );
}

/**
 * The one-click Active flag: a switch (it changes something), never a badge (badges only report).
 * The tooltip says what a click does: Disable or Enable.
 */
export function ActiveSwitch({ file, onToggle, label = 'Active' }: { file: VideoFile; onToggle(file: VideoFile): void; label?: string }) {
  const active = file.isActive === 1;
  return (
    <Tooltip title={active ? 'Disable' : 'Enable'} describeChild>
      <Switch size="small" checked={active} onChange={() => onToggle(file)} slotProps={{ input: { role: 'switch', 'aria-label': label } }} />
    </Tooltip>
  );
}
