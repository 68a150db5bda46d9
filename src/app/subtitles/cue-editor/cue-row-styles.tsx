import { GlobalStyles, type Theme } from '@mui/material';
import { memo } from 'react';

/**
 * The stylesheet of what a keystroke re-renders in a cue's row (the row's frame, its text field, its
 * problems), serialised once per theme: the row carries class names and data attributes, so typing
 * costs no style work (an `sx` prop is run through the theme and hashed on every render).
 */
function cueRowStyles(theme: Theme) {
  const { palette, shape } = theme;
  return {
    // A row is a form (cue-row.tsx): no margin, whatever the page's mode (a quirks-mode page gives forms one).
    '.vp-cue': { margin: 0, padding: theme.spacing(1), borderBottom: `1px solid ${palette.divider}` },
    '.vp-cue[aria-current="true"]': { backgroundColor: palette.action.selected },
    '.vp-cue-text': {
      display: 'block',
      boxSizing: 'border-box',
      width: '100%',
      marginTop: theme.spacing(0.5),
      padding: theme.spacing(0.5, 1),
      resize: 'none',
      // As many rows as lines, grown to fit wrapped lines where the browser can: no measuring of the text on each key.
      fieldSizing: 'content',
      font: 'inherit',
      color: palette.text.primary,
      backgroundColor: 'transparent',
      border: `1px solid ${palette.divider}`,
      borderRadius: shape.borderRadius,
      outline: 'none',
      '&:focus': { borderColor: palette.primary.main, boxShadow: `inset 0 0 0 1px ${palette.primary.main}` },
      '&[aria-invalid="true"]': { borderColor: palette.error.main },
    },
    '.vp-cue-problems': { ...theme.typography.body2, margin: theme.spacing(0.5, 0, 0), color: palette.warning.dark },
    '.vp-cue-problems[data-bad]': { color: palette.error.main },
  };
}

/** Rendered once by the cue list; memo: the list's re-renders would serialise the sheet again each time. */
export const CueRowStyles = memo(function CueRowStyles() {
  return <GlobalStyles styles={cueRowStyles} />;
});
