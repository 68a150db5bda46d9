import { lazy, Suspense, useEffect, useRef } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { LoginForm } from '../auth/login-form';
import { useConfigState } from '../session/use-session';
import { useEmit } from '../shell/events';
import { Loading } from '../ui/loading';
import { useTexts } from '../i18n/texts';
import { PANEL_TEXTS } from './texts';

// The sign-in page is the first thing a phone shows: it loads without the shell and the screens.
const SignedInArea = lazy(() => import('./signed-in-area'));

const TITLES: [RegExp, Extract<keyof typeof PANEL_TEXTS.en, `title${string}`>][] = [
  [/^\/auth\/login$/, 'titleLogin'],
  [/^\/$/, 'titleDashboard'],
  [/^\/files$/, 'titleFiles'],
  [/^\/files\/[^/]+$/, 'titleFile'],
  [/^\/trash$/, 'titleTrash'],
];

/** The panel's routes (spec §2): the guard, sign-in, and the shell around the protected screens. */
export function PanelRoutes() {
  const [location, navigate] = useLocation();
  const { apiKey } = useConfigState();
  const emit = useEmit();
  usePageTitle(location);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else emit('vp-navigate', { path: location });
  }, [location, emit]);

  return (
    <Switch>
      <Route path="/auth/login">{apiKey ? <Redirect to="/" replace /> : <LoginForm page onSignedIn={() => navigate('/')} />}</Route>
      <Route>
        {apiKey ? (
          <Suspense fallback={<Loading />}>
            <SignedInArea />
          </Suspense>
        ) : (
          <Redirect to="/auth/login" replace />
        )}
      </Route>
    </Switch>
  );
}

function usePageTitle(location: string) {
  const { t } = useTexts(PANEL_TEXTS);
  useEffect(() => {
    const title = TITLES.find(([pattern]) => pattern.test(location))?.[1] ?? 'titleNotFound';
    document.title = t('documentTitle', { title: t(title) });
  }, [location, t]);
}
