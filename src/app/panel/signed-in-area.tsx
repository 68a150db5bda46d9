import { Box, Button, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { useSignOut } from '../auth/use-sign-out';
import { ShellLayout } from './shell-layout';
import { Loading } from '../ui/loading';
import { Dashboard } from './dashboard';
import { useTexts } from '../i18n/texts';
import { DASHBOARD_TEXTS } from './dashboard-texts';

// Each screen is its own chunk: the panel downloads DataGrid only when /files is opened.
const FilesRoute = lazy(() => import('./files-route'));
const FileEditorRoute = lazy(() => import('./file-editor-route'));
// The Trash shares the files list's chunk (see files-route.tsx).
const TrashRoute = lazy(() => import('./files-route').then((route) => ({ default: route.TrashRoute })));
const KeysScreen = lazy(() => import('../keys/keys-screen'));
const WebhooksScreen = lazy(() => import('../webhooks/webhooks-screen'));
const DefaultAccessScreen = lazy(() => import('../default-access/default-access-screen'));

/**
 * What a signed-in operator sees: the shell (top bar, sidebar, footer) around the protected screens.
 * Its own chunk, so the sign-in page downloads none of it.
 */
export default function SignedInArea() {
  const [location, navigate] = useLocation();
  const signOut = useSignOut(() => navigate('/'));
  return (
    <ShellLayout location={location} onSignOut={signOut}>
      <Suspense fallback={<Loading />}>
        <Switch>
          <Route path="/" component={Dashboard} />
          <Route path="/files" component={FilesRoute} />
          <Route path="/files/:id">{(params) => <FileEditorRoute id={params.id} />}</Route>
          <Route path="/trash" component={TrashRoute} />
          <Route path="/account/keys" component={KeysScreen} />
          <Route path="/account/webhooks" component={WebhooksScreen} />
          <Route path="/account/player-access" component={DefaultAccessScreen} />
          <Route>
            <NotFound />
          </Route>
        </Switch>
      </Suspense>
    </ShellLayout>
  );
}

function NotFound() {
  const { t } = useTexts(DASHBOARD_TEXTS);
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography component="h1" variant="h4" gutterBottom>
        {t('notFound')}
      </Typography>
      <Typography sx={{ mb: 3, color: 'text.secondary' }}>{t('notFoundText')}</Typography>
      <Button component={Link} href="/files" variant="contained">
        {t('goToFiles')}
      </Button>
    </Box>
  );
}
