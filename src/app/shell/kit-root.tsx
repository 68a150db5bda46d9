import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { GlobalStyles, ScopedCssBaseline, ThemeProvider } from '@mui/material';
import { createTheme } from '@mui/material/styles';
import { use, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Messages } from '../../elements/element-types';
import type { ThemeMode } from '../session/config-store';
import type { Session } from '../session/session';
import { ConfigOverridesContext, SessionContext, useConfigState, type ConfigOverrides } from '../session/use-session';
import { ErrorBoundary } from './error-boundary';
import { HostContext } from './events';
import { hasPlaceholder, takePlaceholder } from './page-placeholder';
import { CspNonceContext, cspNonceOf } from './csp-nonce';
import { adoptToastStyles } from './goober-sheet';
import { loadRtlPlugin } from './rtl';
import { readStyleTokens, type StyleTokens } from './style-tokens';
import { createKitTheme, hostRootFontSize } from './theme';
import { Toasts } from './toasts';
import type { HistoryGuard } from './history-guard';
import { createUnsavedChanges, UnsavedChangesContext, useHistoryGuard } from './unsaved-changes';
import { useConfigLoader } from './use-config-loader';
import { I18nContext } from '../i18n/texts';
import { useLanguage } from './use-language';
import { SHELL_TEXTS } from './texts';
import { translator } from '../i18n/texts';

export interface KitRootProps extends ConfigOverrides {
  /** The element's shadow root. */
  container: ShadowRoot;
  /** The session of the element's `api-base` (shared with every element on the same base). */
  session: Session;
  /** The page's Back/Forward guard (the entry installed it). */
  historyGuard: HistoryGuard;
  /** From the element's own `dir` attribute; the host page's direction never applies. */
  direction?: 'ltr' | 'rtl' | undefined;
  /** The language asked for (attribute, `lang` or the browser's); English when absent. */
  locale?: string | undefined;
  /** The host's texts over the language's catalogue (the element's `messages` property). */
  messages?: Messages | null | undefined;
  children: ReactNode;
}

/**
 * A light element is transparent, so it sits on the host page's own background; a dark one paints
 * its own, or its light text would land on a light host page.
 *
 * Inherited properties cross the shadow boundary (font, colour, line height, …): `all: initial`
 * cuts them off on the app wrapper and the portal node, then the theme sets its own. `all` leaves
 * `direction` alone, so both nodes carry a `dir` attribute of their own (not a CSS `direction`,
 * which the RTL plugin would flip).
 */
const isolate = (mode: ThemeMode, tokens: StyleTokens, fontFamily: string | undefined) =>
  ({
    all: 'initial',
    display: 'block',
    fontFamily,
    fontSize: 14,
    lineHeight: 1.5,
    color: tokens.text ?? (mode === 'dark' ? '#e8eaed' : 'rgba(0, 0, 0, 0.87)'),
    textAlign: 'start',
    WebkitFontSmoothing: 'antialiased',
  }) as const;

/**
 * Everything one element needs around its screen: its session (from its own `api-base`), its
 * unsaved-changes registry (Back and Forward ask while it has edits), emotion
 * styles inside its shadow root (one cache per mount, flushed on unmount, carrying the page's CSP
 * nonce), MUI portals and toasts inside the same root, the theme and direction, config loading,
 * host events and the error boundary.
 */
export function KitRoot({ session, ...props }: KitRootProps) {
  return (
    <SessionContext.Provider value={session}>
      <SessionRoot {...props} />
    </SessionContext.Provider>
  );
}

function SessionRoot({
  container,
  historyGuard,
  direction = 'ltr',
  locale,
  messages,
  children,
  ...overrides
}: Omit<KitRootProps, 'session'>) {
  const host = container.host as HTMLElement;
  const { theme: storedTheme } = useConfigState();
  const mode: ThemeMode = overrides.theme === 'dark' || overrides.theme === 'light' ? overrides.theme : storedTheme;
  const portalRef = useRef<HTMLDivElement>(null);
  const [portal, setPortal] = useState<HTMLDivElement | null>(null);
  // One callback for the element's life: a new one each render would be detached and attached again
  // at every commit, and its state update would re-render the root synchronously inside that commit.
  const portalNode = useCallback((node: HTMLDivElement | null) => {
    portalRef.current = node;
    setPortal(node);
  }, []);
  // Only vendor prefixing is left out with it, which the browsers the kit supports do not need.
  const rtlPlugin = direction === 'rtl' ? use(loadRtlPlugin()) : null;
  const unsaved = useMemo(() => createUnsavedChanges(historyGuard), [historyGuard]);
  const { i18n, theme: languageTheme } = useLanguage(locale, messages);
  useEffect(() => {
    unsaved.question = translator(SHELL_TEXTS, i18n).t('leaveQuestion');
  }, [unsaved, i18n]);

  useConfigLoader();
  useHistoryGuard(unsaved);
  // The screen renders in a second, interruptible pass: React yields to the browser every few
  // milliseconds instead of blocking the main thread for the whole first render (slow phones).
  const showScreen = useDeferredValue(true, false);
  // The page's static copy of the screen (decision D72) stays on screen through a <slot> until the
  // screen commits, and goes in that commit's layout effects: no frame shows both, or neither.
  // The element's own slot (kit-element.ts) showed it while this code loaded; from this first commit on,
  // the slot below does, where the screen will be (the copy would otherwise stand above the screen).
  const [placeholder] = useState(() => hasPlaceholder(host));
  useLayoutEffect(() => {
    for (const child of [...container.children]) if (child instanceof HTMLSlotElement) child.remove();
  }, [container]);
  useLayoutEffect(() => {
    if (showScreen) takePlaceholder(host);
  }, [host, showScreen]);

  const nonce = cspNonceOf(host);
  const cache = useMemo<EmotionCache>(
    () =>
      createCache({
        key: 'vp',
        container,
        prepend: true,
        ...(nonce ? { nonce } : {}),
        ...(rtlPlugin ? { stylisPlugins: [rtlPlugin] } : {}),
      }),
    [container, nonce, rtlPlugin],
  );
  useEffect(() => () => cache.sheet.flush(), [cache]);
  useEffect(() => adoptToastStyles(container), [container]);

  // The host's --vp-* properties are read when the element renders and when its theme changes.
  const tokens = useMemo(() => readStyleTokens(host), [host, mode]); // eslint-disable-line react-hooks/exhaustive-deps
  const theme = useMemo(() => {
    const base = createKitTheme(mode, () => portalRef.current, hostRootFontSize(), tokens);
    const extras = [...(languageTheme ? [languageTheme] : []), ...(direction === 'rtl' ? [{ direction }] : [])];
    return extras.length > 0 ? createTheme(base, ...extras) : base;
  }, [mode, direction, tokens, languageTheme]);
  const isolation = isolate(mode, tokens, theme.typography.fontFamily);
  const overridesValue = useMemo(() => overrides, [overrides.playerDomain, overrides.imageHost, overrides.theme]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <CacheProvider value={cache}>
      <I18nContext.Provider value={i18n}>
        <ThemeProvider theme={theme}>
          <GlobalStyles styles={{ ':host': { display: 'block' }, ':host([hidden])': { display: 'none' } }} />
          <CspNonceContext.Provider value={nonce}>
            <HostContext.Provider value={host}>
              <UnsavedChangesContext.Provider value={unsaved}>
                <ConfigOverridesContext.Provider value={overridesValue}>
                  <ScopedCssBaseline
                    data-vp-theme={mode}
                    dir={direction}
                    lang={i18n.locale}
                    sx={{ ...isolation, bgcolor: mode === 'dark' ? 'background.default' : 'transparent', minHeight: 'inherit' }}
                  >
                    <ErrorBoundary>
                      <Toasts root={portal}>{showScreen ? children : placeholder ? <slot /> : null}</Toasts>
                    </ErrorBoundary>
                  </ScopedCssBaseline>
                  <div ref={portalNode} className="vp-portal" dir={direction} lang={i18n.locale} style={isolation as React.CSSProperties} />
                </ConfigOverridesContext.Provider>
              </UnsavedChangesContext.Provider>
            </HostContext.Provider>
          </CspNonceContext.Provider>
        </ThemeProvider>
      </I18nContext.Provider>
    </CacheProvider>
  );
}
