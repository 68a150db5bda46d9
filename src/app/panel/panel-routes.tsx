import { lazy, memo, Suspense, useCallback, useEffect, useRef } from 'react';
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
  [/^\/account\/keys$/, 'titleKeys'],
];

/** The panel's routes (docs/spec.md §2): the guard, sign-in, and the shell around the protected screens. */
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

  const onSignedIn = useCallback(() => navigate('/'), [navigate]);
  // Signed out, every address shows the sign-in form, always at this one place in the tree, and the
  // address becomes /auth/login after the form is on screen. A <Redirect> would first render the
  // route it leaves, then, from the address change, the form again in the same long task: on a slow
  // phone the biggest block of the page's first load.
  if (!apiKey)
    return (
      <>
        <AddressOfSignIn location={location} navigate={navigate} />
        <SignInPage onSignedIn={onSignedIn} />
      </>
    );
  return (
    <Switch>
      <Route path="/auth/login">
        <Redirect to="/" replace />
      </Route>
      <Route>
        <Suspense fallback={<Loading />}>
          <SignedInArea />
        </Suspense>
      </Route>
    </Switch>
  );
}

/** Memoised: the address change that follows the first render does not render the form again. */
const SignInPage = memo(function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  return <LoginForm page onSignedIn={onSignedIn} />;
});

function AddressOfSignIn({ location, navigate }: { location: string; navigate: (to: string, options: { replace: boolean }) => void }) {
  useEffect(() => {
    if (location === '/auth/login') return;
    // A task of its own: the router's address store updates synchronously, which would otherwise add
    // its render to the form's first commit.
    const timer = setTimeout(() => navigate('/auth/login', { replace: true }));
    return () => clearTimeout(timer);
  }, [location, navigate]);
  return null;
}

function usePageTitle(location: string) {
  const { t } = useTexts(PANEL_TEXTS);
  useEffect(() => {
    const title = TITLES.find(([pattern]) => pattern.test(location))?.[1] ?? 'titleNotFound';
    document.title = t('documentTitle', { title: t(title) });
  }, [location, t]);
}
