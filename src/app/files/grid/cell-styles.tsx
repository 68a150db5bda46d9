import { GlobalStyles } from '@mui/material';
import { memo } from 'react';
import { alpha, type Theme } from '@mui/material/styles';
import type { StatusFamily } from '../file-status';
import { focusRing } from '../../shell/theme';

/**
 * One colour per status family, a tinted background with dark text (light theme) or light text
 * (dark theme): every pair is above 7:1 (WCAG AA asks 4.5:1).
 */
const FAMILY_COLOURS: Record<StatusFamily, { light: [string, string]; dark: [string, string] }> = {
  waiting: { light: ['#eceff1', '#37474f'], dark: ['rgba(176, 190, 197, 0.16)', '#cfd8dc'] },
  moving: { light: ['#e3f2fd', '#0d47a1'], dark: ['rgba(100, 181, 246, 0.18)', '#90caf9'] },
  failed: { light: ['#ffebee', '#b71c1c'], dark: ['rgba(239, 83, 80, 0.2)', '#ffb4ab'] },
  done: { light: ['#e8f5e9', '#1b5e20'], dark: ['rgba(102, 187, 106, 0.18)', '#a5d6a7'] },
};

/**
 * The stylesheet of the list's cells (status badge, Active switch, row buttons, player link) and of
 * their shared tooltip, serialised once per theme: the cells themselves carry only class names, so
 * rendering a page of rows costs no style work. Logical properties, so right-to-left mirrors it.
 */
function cellStyles(theme: Theme) {
  const dark = theme.palette.mode === 'dark';
  const ring = focusRing(theme.palette.mode);
  const families = Object.fromEntries(
    Object.entries(FAMILY_COLOURS).map(([family, colours]) => {
      const [background, color] = dark ? colours.dark : colours.light;
      return [`.vp-status[data-family="${family}"]`, { background, color }];
    }),
  );
  return {
    '.vp-cell-icon': { width: '1em', height: '1em', flexShrink: 0, fill: 'currentColor' },
    '.vp-status': {
      display: 'inline-flex',
      alignItems: 'center',
      gap: 4,
      height: 24,
      paddingInline: '4px 8px',
      borderRadius: theme.shape.borderRadius,
      fontSize: theme.typography.pxToRem(13),
      fontWeight: 500,
      lineHeight: 1,
      whiteSpace: 'nowrap',
      verticalAlign: 'middle',
      '& .vp-cell-icon': { fontSize: 16 },
      '&:focus-visible': ring,
    },
    ...families,
    '.vp-title-scheduled': { display: 'flex', alignItems: 'center', gap: 8, minWidth: 0, width: '100%' },
    '.vp-title-text': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
    '.vp-scheduled': { paddingInline: 8, flexShrink: 0 },
    // The switch: a 40 × 24 px checkbox without its native look, its track (::before) and knob (::after)
    // drawn on it; hovered, the knob gets a halo.
    '.vp-switch': {
      appearance: 'none',
      position: 'relative',
      display: 'inline-block',
      width: 40,
      height: 24,
      margin: 0,
      flexShrink: 0,
      borderRadius: 12,
      background: 'transparent',
      verticalAlign: 'middle',
      cursor: 'pointer',
      '&::before': {
        content: '""',
        position: 'absolute',
        inset: 7,
        borderRadius: 7,
        background: dark ? '#fff' : '#000',
        opacity: 0.38,
        transition: 'background-color 150ms, opacity 150ms',
      },
      '&::after': {
        content: '""',
        position: 'absolute',
        top: 4,
        insetInlineStart: 4,
        width: 16,
        height: 16,
        borderRadius: '50%',
        background: dark ? theme.palette.grey[300] : theme.palette.common.white,
        boxShadow: theme.shadows[1],
        transition: 'inset-inline-start 150ms, background-color 150ms',
      },
      '&:checked::before': { background: theme.palette.primary.main, opacity: 0.5 },
      '&:checked::after': { insetInlineStart: 20, background: theme.palette.primary.main },
      '&:hover::after': { boxShadow: `${theme.shadows[1]}, 0 0 0 4px ${theme.palette.action.hover}` },
      '&:hover:checked::after': {
        boxShadow: `${theme.shadows[1]}, 0 0 0 4px ${alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity)}`,
      },
      '&:focus-visible': ring,
    },
    // The row checkbox: a 42 × 42 px checkbox like the header's, without its native look: its 18 px box
    // (::before) and, ticked, its tick (::after) drawn on it.
    '.vp-checkbox': {
      appearance: 'none',
      position: 'relative',
      display: 'inline-block',
      width: 42,
      height: 42,
      margin: 0,
      borderRadius: '50%',
      background: 'transparent',
      color: theme.palette.text.secondary,
      verticalAlign: 'middle',
      cursor: 'pointer',
      '&::before': { content: '""', position: 'absolute', inset: 12, border: '2px solid currentColor', borderRadius: 2 },
      '&:checked': { color: theme.palette.primary.main },
      '&:checked::before': { background: 'currentColor' },
      '&:checked::after': {
        content: '""',
        position: 'absolute',
        // Material's tick: its corner at (19, 26) of the 42 px box, its legs 7 and 13 px.
        left: 17.5,
        top: 12.5,
        width: 5,
        height: 11,
        border: `solid ${theme.palette.background.paper}`,
        borderWidth: '0 2px 2px 0',
        transform: 'rotate(45deg)',
      },
      '&:hover': { background: theme.palette.action.hover },
      '&:focus-visible': ring,
    },
    '.vp-row-buttons': { display: 'inline-flex', alignItems: 'center', gap: 4, verticalAlign: 'middle' },
    '.vp-icon-button': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: 30,
      height: 30,
      padding: 0,
      border: 0,
      borderRadius: '50%',
      background: 'transparent',
      color: theme.palette.action.active,
      fontSize: 20,
      cursor: 'pointer',
      '&:hover': { background: theme.palette.action.hover },
      '&:focus-visible': ring,
      '&[data-tone="danger"]': { color: theme.palette.error.main },
      '&[data-tone="danger"]:hover': { background: alpha(theme.palette.error.main, theme.palette.action.hoverOpacity) },
    },
    '.vp-link': {
      color: dark ? '#90caf9' : theme.palette.primary.main,
      textDecorationColor: dark ? 'rgba(144, 202, 249, 0.4)' : alpha(theme.palette.primary.main, 0.4),
      '&:hover': { textDecorationColor: 'inherit' },
      '&:focus-visible': { ...ring, borderRadius: 2 },
    },
    '.vp-tip': {
      maxWidth: 300,
      marginBlock: 14,
      padding: '4px 8px',
      borderRadius: theme.shape.borderRadius,
      background: alpha(theme.palette.grey[700], 0.92),
      color: theme.palette.common.white,
      fontFamily: theme.typography.fontFamily,
      fontSize: theme.typography.pxToRem(11),
      fontWeight: 500,
      lineHeight: 1.4,
      overflowWrap: 'break-word',
    },
  };
}

/** Rendered once by the file list, above its grid or cards; memo: the list's re-renders would serialise the sheet again each time. */
export const CellStyles = memo(function CellStyles() {
  return <GlobalStyles styles={cellStyles} />;
});
