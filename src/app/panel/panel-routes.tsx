import { Box, Button, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { LoginForm } from '../auth/login-form';
import { useSignOut } from '../auth/use-sign-out';
import { useConfigState } from '../config/use-config';
import { useEmit } from '../shell/events';
import { ShellLayout } from '../shell/shell-layout';
import { Loading } from '../ui/loading';
import { Dashboard } from './dashboard';

// Each screen is its own chunk: the panel downloads DataGrid only when /files is opened.
const FilesRoute = lazy(() => import('./files-route'));
const FileEditorRoute = lazy(() => import('./file-editor-route'));

const TITLES: [RegExp, string][] = [
  [/^\/auth\/login$/, 'Login'],
  [/^\/$/, 'Dashboard'],
  [/^\/files$/, 'File Management'],
  [/^\/files\/[^/]+$/, 'Update File'],
];

/** The panel's routes (spec §2): the guard, sign-in, and the shell around the protected screens. */
export function PanelRoutes() {
  const [location, navigate] = useLocation();
  const { apiKey } = useConfigState();
  const emit = useEmit();
  const signOut = useSignOut(() => navigate('/'));
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
          <ShellLayout location={location} onSignOut={signOut}>
            <Suspense fallback={<Loading />}>
              <Switch>
                <Route path="/" component={Dashboard} />
                <Route path="/files" component={FilesRoute} />
                <Route path="/files/:id">{(params) => <FileEditorRoute id={params.id} />}</Route>
                <Route>
                  <NotFound />
                </Route>
              </Switch>
            </Suspense>
          </ShellLayout>
        ) : (
          <Redirect to="/auth/login" replace />
        )}
      </Route>
    </Switch>
  );
}

function usePageTitle(location: string) {
  useEffect(() => {
    const title = TITLES.find(([pattern]) => pattern.test(location))?.[1] ?? 'Page not found';
    document.title = `${title} | VP Admin`;
  }, [location]);
}

function NotFound() {
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        Page not found
      </Typography>
      <Typography sx={{ mb: 3, color: 'text.secondary' }}>There is nothing at this address.</Typography>
      <Button component={Link} href="/files" variant="contained">
        Go to Files
      </Button>
    </Box>
  );
}
