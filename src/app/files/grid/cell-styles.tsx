import { GlobalStyles } from '@mui/material';
import { memo } from 'react';
import { alpha, type Theme } from '@mui/material/styles';
import type { StatusFamily } from '../file-status';
import { focusRing } from '../../shell/theme';
import { visuallyHidden } from '../../ui/visually-hidden';

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
    // The switch: 40 × 24 px, the checkbox covers it all (invisible), the track and knob are drawn.
    '.vp-switch': {
      position: 'relative',
      display: 'inline-block',
      width: 40,
      height: 24,
      flexShrink: 0,
      borderRadius: 12,
      verticalAlign: 'middle',
      '&::before': {
        content: '""',
        position: 'absolute',
        inset: 7,
        borderRadius: 7,
        background: dark ? '#fff' : '#000',
        opacity: 0.38,
        transition: 'background-color 150ms, opacity 150ms',
      },
      '&:has(:checked)::before': { background: theme.palette.primary.main, opacity: 0.5 },
      '&:has(:focus-visible)': ring,
      '& input': { position: 'absolute', inset: 0, zIndex: 1, width: '100%', height: '100%', margin: 0, opacity: 0, cursor: 'pointer' },
    },
    '.vp-switch-thumb': {
      position: 'absolute',
      top: 4,
      insetInlineStart: 4,
      width: 16,
      height: 16,
      borderRadius: '50%',
      background: dark ? theme.palette.grey[300] : theme.palette.common.white,
      boxShadow: theme.shadows[1],
      transition: 'inset-inline-start 150ms, background-color 150ms',
      pointerEvents: 'none',
    },
    '.vp-switch:has(:checked) .vp-switch-thumb': { insetInlineStart: 20, background: theme.palette.primary.main },
    '.vp-switch:hover::after': {
      content: '""',
      position: 'absolute',
      top: 0,
      insetInlineStart: 0,
      width: 24,
      height: 24,
      borderRadius: '50%',
      background: theme.palette.action.hover,
      pointerEvents: 'none',
    },
    '.vp-switch:hover:has(:checked)::after': {
      insetInlineStart: 16,
      background: alpha(theme.palette.primary.main, theme.palette.action.hoverOpacity),
    },
    // The row checkbox: 42 × 42 px like the header's, the checkbox covers it all (invisible), the box is drawn.
    '.vp-checkbox': {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: 42,
      height: 42,
      borderRadius: '50%',
      color: theme.palette.text.secondary,
      fontSize: 24,
      verticalAlign: 'middle',
      '&:has(:checked)': { color: theme.palette.primary.main },
      '&:hover': { background: theme.palette.action.hover },
      '&:has(:focus-visible)': ring,
      '& input': { position: 'absolute', inset: 0, zIndex: 1, width: '100%', height: '100%', margin: 0, opacity: 0, cursor: 'pointer' },
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
    '.vp-visually-hidden': visuallyHidden,
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
