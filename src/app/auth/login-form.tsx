import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useContext, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { login } from '../api/auth';
import { isApiError } from '../api/api-error';
import { useApi } from '../api/use-api';
import { useConfigState, useSession } from '../session/use-session';
import { Brand, PRODUCT_NAME, PRODUCT_VERSION } from '../shell/brand';
import { HostContext, useEmit } from '../shell/events';
import { focusedInPlaceholder, hasPlaceholder, submittedInPlaceholder, typedInPlaceholder } from '../shell/page-placeholder';
import { useTexts, type TextFn } from '../i18n/texts';
import { LoginField } from './login-field';
import { AUTH_TEXTS } from './texts';

/** The form's state and its submit: the key is stored on success (config then loads); a failure keeps what was typed. */
function useSignIn(onSignedIn?: () => void) {
  const emit = useEmit();
  const api = useApi();
  const { store } = useSession();
  // What the operator typed into the page's static copy of this form before the kit arrived.
  const host = useContext(HostContext);
  const [username, setUsername] = useState(() => typedInPlaceholder(host, 'username'));
  const [password, setPassword] = useState(() => typedInPlaceholder(host, 'password'));
  // The field the cursor starts in: the copy's focused one, else the password when a username came from it.
  const [startInPassword, setStartInPassword] = useState(() => startsInPassword(host));
  // Sign In was pressed (or Enter) in the copy before this form took over: it is sent now, as if here.
  const [submitNow, setSubmitNow] = useState(() => submittedInPlaceholder(host));
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!submitNow) return;
    // A task of its own: the form's handler then sees what the commit that took over read from the copy.
    const timer = setTimeout(() => form.current?.requestSubmit());
    return () => clearTimeout(timer);
  }, [submitNow]);
  // The copy stays on screen while this form renders (in slices), and the visitor may type on: what it
  // holds is read again in the commit that replaces it, before the browser paints (decision D72).
  useLayoutEffect(() => {
    if (!hasPlaceholder(host)) return;
    setUsername(typedInPlaceholder(host, 'username'));
    setPassword(typedInPlaceholder(host, 'password'));
    setStartInPassword(startsInPassword(host));
    setSubmitNow(submittedInPlaceholder(host));
    // A visitor typing in the copy keeps typing here: the cursor moves in this commit, not after the
    // paint (LoginField's autoFocus), or the keys pressed in between would go nowhere.
    const focused = focusedInPlaceholder(host);
    if (focused) form.current?.querySelector<HTMLInputElement>(`input[name="${focused}"]`)?.focus();
  }, [host]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTexts(AUTH_TEXTS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim() || !password.trim()) {
      setError(t('empty'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const reply = await login(api, username, password);
      if (reply.status !== 'success') {
        setError(reply.message || t('failed'));
        setBusy(false);
        return;
      }
      store.signIn(reply.data.apiKey);
      emit('vp-signed-in', {});
      onSignedIn?.();
    } catch (caught) {
      // A reply with a message (wrong password, throttled) shows that message; no reply at all says where
      // the API was looked for; anything else is generic.
      if (isApiError(caught) && caught.kind === 'network') setError(unreachable(api.url(''), t));
      else setError(isApiError(caught) && caught.fromServer && caught.message ? caught.message : t('failed'));
      setBusy(false);
    }
  }

  return { username, setUsername, password, setPassword, startInPassword, busy, error, submit, form };
}

/** Whether the cursor starts in Password: the page's copy of the form had it there, or only a username was typed. */
function startsInPassword(host: HTMLElement | null): boolean {
  const focused = focusedInPlaceholder(host);
  if (focused) return focused === 'password';
  return Boolean(typedInPlaceholder(host, 'username')) && !typedInPlaceholder(host, 'password');
}

/**
 * The sign-in form (docs/spec.md §2, §5, §8). Used by the panel at /auth/login and in place by a signed-out
 * standalone element. On success it stores the key (config then loads) and calls `onSignedIn`.
 */
export function LoginForm({ onSignedIn, page = false }: { onSignedIn?: () => void; page?: boolean }) {
  const { signedOutReason } = useConfigState();
  const { username, setUsername, password, setPassword, startInPassword, busy, error, submit, form } = useSignIn(onSignedIn);
  const { t } = useTexts(AUTH_TEXTS);

  return (
    <SignInFrame page={page}>
      <Typography component="h1" sx={{ textAlign: 'center', mb: 1 }}>
        <Brand size="large" />
      </Typography>
      <Typography sx={{ textAlign: 'center', color: 'text.secondary', mb: 3 }}>{t('intro')}</Typography>
      {signedOutReason === 'expired' && !error && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('expired')}
        </Alert>
      )}
      {error && (
        <Alert severity="error" variant="filled" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Stack component="form" ref={form} part="form" noValidate onSubmit={submit} spacing={2}>
        <LoginField
          label={t('username')}
          name="username"
          autoComplete="username"
          value={username}
          onChange={setUsername}
          disabled={busy}
          autoFocus={!startInPassword}
        />
        <LoginField
          label={t('password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          disabled={busy}
          autoFocus={startInPassword}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : null}
        >
          {busy ? t('signingIn') : t('signIn')}
        </Button>
      </Stack>
    </SignInFrame>
  );
}

/** The card around the form; on a page (not in place in an element) centred on the screen, with the product line under it. */
function SignInFrame({ page, children }: { page: boolean; children: ReactNode }) {
  const { t } = useTexts(AUTH_TEXTS);
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: 2,
        py: page ? { xs: 6, sm: 10 } : 4,
        // On a page the card sits in the middle of the screen, not at the top of an empty one.
        ...(page
          ? {
              minHeight: 'inherit',
              boxSizing: 'border-box',
              justifyContent: { sm: 'center' },
              bgcolor: 'background.default',
              color: 'text.primary',
            }
          : {}),
      }}
    >
      <Card
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: 400,
          border: 1,
          borderColor: 'divider',
          boxShadow: page ? '0 1px 2px rgba(0, 0, 0, 0.06), 0 8px 24px rgba(0, 0, 0, 0.08)' : 'none',
        }}
      >
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>{children}</CardContent>
      </Card>
      {page ? (
        <Typography variant="body2" sx={{ mt: 3, color: 'text.secondary' }}>
          {t('productLine', { product: PRODUCT_NAME, version: PRODUCT_VERSION })}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * No reply at all (fetch's TypeError): the API is down, or it is on another origin that does not allow
 * this page's (a CORS refusal looks the same to a page). The console tells the integrator the fix.
 */
function unreachable(apiUrl: string, t: TextFn<typeof AUTH_TEXTS.en>): string {
  const origin = location.origin;
  const url = new URL(apiUrl, location.href);
  if (url.origin === origin) return t('unreachable', { url: url.href });
  console.warn(
    `vp-admin-kit: sign-in could not reach the API at ${url.href} from ${origin}. If the server is up, add this page's origin to its VP_CORS_ORIGINS (comma-separated), or serve the page from the API's origin.`,
  );
  return t('crossOrigin', { url: url.href, origin });
}
