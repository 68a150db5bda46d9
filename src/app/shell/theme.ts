import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeMode } from '../session/config-store';
import { withStyleTokens, type StyleTokens } from './style-tokens';

/**
 * The sidebar is dark in both themes (docs/spec.md §2); the active entry is blue, dark enough for white
 * text to pass WCAG AA (white on #007bff is only 3.97:1; on #1565c0 it is 5.75:1).
 */
export const SIDEBAR = { background: '#343a40', text: '#c2c7d0', activeBackground: '#1565c0', activeText: '#ffffff', width: 250 } as const;

/** Height of the panel's top bar; toasts start below it. */
export const TOP_BAR_HEIGHT = 56;

/**
 * The kit's MUI theme. Portals (Popover, Popper, Modal and everything built on them) render into a
 * node inside the element's shadow root, so host CSS cannot reach them and their styles apply.
 * `htmlFontSize` follows the host page's root font size, because rem inside a shadow root is
 * relative to the host's <html>. The host's `--vp-*` tokens apply over the kit's own values.
 */
export function createKitTheme(
  mode: ThemeMode,
  portalContainer: () => HTMLElement | null,
  htmlFontSize: number,
  tokens: StyleTokens = { compact: false },
): Theme {
  const container = () => portalContainer() ?? document.body;
  const ring = focusRing(mode);
  return createTheme(
    withStyleTokens(
      {
        palette: {
          mode,
          primary: { main: mode === 'dark' ? '#64b5f6' : '#1565c0' },
          // Dark: MUI's light reds keep icons readable on dark paper, but white text on them is only
          // 3.7:1, so contained error buttons get dark text (5.7:1).
          ...(mode === 'dark'
            ? { background: { default: '#121417', paper: '#1c1f24' }, error: { main: '#f44336', contrastText: 'rgba(0, 0, 0, 0.87)' } }
            : { background: { default: '#f4f6f9', paper: '#ffffff' } }),
        },
        typography: {
          htmlFontSize,
          fontFamily: 'Roboto, "Helvetica Neue", "Liberation Sans", Arial, sans-serif',
        },
        components: {
          MuiPopover: { defaultProps: { container } },
          MuiPopper: { defaultProps: { container } },
          MuiModal: { defaultProps: { container } },
          MuiDialog: { defaultProps: { container } },
          MuiMenu: { defaultProps: { container } },
          // Keyboard focus is a ring, never only a tint: every button, checkbox, chip, tab and menu item.
          MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': ring } } },
          // A switch rings as a whole; its moving knob is too small to carry the ring.
          MuiSwitch: {
            styleOverrides: {
              root: { borderRadius: 16, '&:has(.Mui-focusVisible)': ring, '& .MuiSwitch-switchBase.Mui-focusVisible': { outline: 'none' } },
            },
          },
          // Dark links a step lighter than the primary blue: they stay above 4.5:1 on a selected (tinted) row too.
          MuiLink: {
            styleOverrides: {
              root: {
                ...(mode === 'dark' ? { color: '#90caf9', textDecorationColor: 'rgba(144, 202, 249, 0.4)' } : {}),
                '&:focus-visible': { ...ring, borderRadius: 2 },
              },
            },
          },
        },
      },
      tokens,
    ),
  );
}

/** The keyboard focus ring: 2 px, in a colour with at least 3:1 against the theme's surfaces. */
export function focusRing(mode: ThemeMode) {
  return { outline: `2px solid ${mode === 'dark' ? '#90caf9' : '#1565c0'}`, outlineOffset: 2 } as const;
}

/** The host page's root font size in px (16 when it cannot be read). */
export function hostRootFontSize(): number {
  const size = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(size) && size > 0 ? size : 16;
}
