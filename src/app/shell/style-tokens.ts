import type { ThemeOptions } from '@mui/material/styles';
import { CSS_PARTS, CSS_PROPERTIES } from './styling';

/** Theme values a host page set through the `--vp-*` custom properties; absent or invalid ones are left out. */
export interface StyleTokens {
  primary?: string;
  surface?: string;
  text?: string;
  radius?: number;
  fontFamily?: string;
  compact: boolean;
}

/**
 * Reads the `--vp-*` properties as they apply to the element (custom properties inherit from the host
 * page into the shadow root). Colours are resolved by the browser to `rgb(…)`, so any CSS colour
 * works (`red`, `oklch(…)`, `var(--brand)`), and one the browser rejects is ignored.
 */
export function readStyleTokens(host: HTMLElement): StyleTokens {
  const style = getComputedStyle(host);
  const read = (spec: { name: string }) => style.getPropertyValue(spec.name).trim();
  const color = (spec: { name: string }) => {
    const value = read(spec);
    if (!value || !CSS.supports('color', value)) return undefined;
    const probe = document.createElement('span');
    probe.style.color = value;
    probe.style.display = 'none';
    (host.shadowRoot ?? host).append(probe);
    const resolved = getComputedStyle(probe).color;
    probe.remove();
    return resolved || undefined;
  };
  const radius = /^(\d+(?:\.\d+)?)(px)?$/.exec(read(CSS_PROPERTIES.radius));
  return {
    primary: color(CSS_PROPERTIES.primaryColor),
    surface: color(CSS_PROPERTIES.surfaceColor),
    text: color(CSS_PROPERTIES.textColor),
    radius: radius ? Number(radius[1]) : undefined,
    fontFamily: read(CSS_PROPERTIES.fontFamily) || undefined,
    compact: read(CSS_PROPERTIES.density) === 'compact',
  };
}

// MUI components take `part` like any DOM attribute; its types do not list it.
const part = (name: string) => ({ part: name }) as object;

/**
 * The kit's theme options with the tokens applied over them, plus the `::part` names of the regions
 * MUI draws (cards, the grid).
 */
export function withStyleTokens(options: ThemeOptions, tokens: StyleTokens): ThemeOptions {
  const small = tokens.compact ? { size: 'small' as const } : {};
  return {
    ...options,
    palette: {
      ...options.palette,
      ...(tokens.primary ? { primary: { main: tokens.primary } } : {}),
      ...(tokens.surface ? { background: { ...options.palette?.background, paper: tokens.surface } } : {}),
      ...(tokens.text ? { text: { primary: tokens.text } } : {}),
    },
    ...(tokens.radius !== undefined ? { shape: { ...options.shape, borderRadius: tokens.radius } } : {}),
    typography: { ...(options.typography as object), ...(tokens.fontFamily ? { fontFamily: tokens.fontFamily } : {}) },
    ...(tokens.compact ? { spacing: 6 } : {}),
    components: {
      ...options.components,
      MuiCard: { defaultProps: part(CSS_PARTS.card.name) },
      MuiTextField: { defaultProps: small },
      // The sign-in form builds its fields from FormControl: its size reaches the input and the label.
      MuiFormControl: { defaultProps: small },
      MuiButton: { defaultProps: small },
      MuiIconButton: { defaultProps: small },
      // The DataGrid reads its theme defaults by this name; `@mui/material` does not type it.
      ...({
        MuiDataGrid: {
          defaultProps: { slotProps: { root: part(CSS_PARTS.grid.name) }, ...(tokens.compact ? { density: 'compact' } : {}) },
        },
      } as object),
    },
  };
}
