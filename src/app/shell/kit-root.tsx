import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { GlobalStyles, ScopedCssBaseline, ThemeProvider } from '@mui/material';
import { useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { setApiBase } from '../api/client';
import type { ThemeMode } from '../config/config-store';
import { ConfigOverridesContext, useConfigLoader, useConfigState, type ConfigOverrides } from '../config/use-config';
import { ErrorBoundary } from './error-boundary';
import { HostContext } from './events';
import { adoptToastStyles } from './goober-sheet';
import { readStyleTokens, type StyleTokens } from './style-tokens';
import { createKitTheme, hostRootFontSize } from './theme';
import { Toasts } from './toasts';

export interface KitRootProps extends ConfigOverrides {
  /** The element's shadow root (r2wc passes it as `container`). */
  container: ShadowRoot;
  apiBase?: string | undefined;
  children: ReactNode;
}

/**
 * A light element is transparent, so it sits on the host page's own background; a dark one paints
 * its own, or its light text would land on a light host page.
 *
 * Inherited properties cross the shadow boundary (font, colour, line height, …): `all: initial`
 * cuts them off on the app wrapper and the portal node, then the theme sets its own.
 */
const isolate = (mode: ThemeMode, tokens: StyleTokens, fontFamily: string | undefined) => ({
  all: 'initial',
  display: 'block',
  fontFamily,
  fontSize: 14,
  lineHeight: 1.5,
  color: tokens.text ?? (mode === 'dark' ? '#e8eaed' : 'rgba(0, 0, 0, 0.87)'),
  textAlign: 'left',
  WebkitFontSmoothing: 'antialiased',
}) as const;

/**
 * Everything one element needs around its screen: emotion styles inside its shadow root (one cache
 * per mount, flushed on unmount), MUI portals and toasts inside the same root, the theme, config
 * loading, host events and the error boundary.
 */
export function KitRoot({ container, apiBase, children, ...overrides }: KitRootProps) {
  const host = container.host as HTMLElement;
  const { theme: storedTheme } = useConfigState();
  const mode: ThemeMode = overrides.theme === 'dark' || overrides.theme === 'light' ? overrides.theme : storedTheme;
  const portalRef = useRef<HTMLDivElement>(null);
  const [portal, setPortal] = useState<HTMLDivElement | null>(null);

  setApiBase(apiBase);
  useConfigLoader();
  // The screen renders in a second, interruptible pass: React yields to the browser every few
  // milliseconds instead of blocking the main thread for the whole first render (slow phones).
  const showScreen = useDeferredValue(true, false);

  const cache = useMemo<EmotionCache>(() => {
    const nonce = (host as HTMLElement & { nonce?: string }).nonce || document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
    return createCache({ key: 'vp', container, prepend: true, ...(nonce ? { nonce } : {}) });
  }, [container, host]);
  useEffect(() => () => cache.sheet.flush(), [cache]);
  useEffect(() => adoptToastStyles(container), [container]);

  // The host's --vp-* properties are read when the element renders and when its theme changes.
  const tokens = useMemo(() => readStyleTokens(host), [host, mode]); // eslint-disable-line react-hooks/exhaustive-deps
  const theme = useMemo(() => createKitTheme(mode, () => portalRef.current, hostRootFontSize(), tokens), [mode, tokens]);
  const isolation = isolate(mode, tokens, theme.typography.fontFamily);
  const overridesValue = useMemo(() => overrides, [overrides.playerDomain, overrides.imageHost, overrides.theme]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <GlobalStyles styles={{ ':host': { display: 'block' }, ':host([hidden])': { display: 'none' } }} />
        <HostContext.Provider value={host}>
          <ConfigOverridesContext.Provider value={overridesValue}>
            <ScopedCssBaseline data-vp-theme={mode} sx={{ ...isolation, bgcolor: mode === 'dark' ? 'background.default' : 'transparent', minHeight: 'inherit' }}>
              <ErrorBoundary>
                <Toasts root={portal}>{showScreen ? children : null}</Toasts>
              </ErrorBoundary>
            </ScopedCssBaseline>
            <div
              ref={(node) => {
                portalRef.current = node;
                setPortal(node);
              }}
              className="vp-portal"
              style={isolation as React.CSSProperties}
            />
          </ConfigOverridesContext.Provider>
        </HostContext.Provider>
      </ThemeProvider>
    </CacheProvider>
  );
}
