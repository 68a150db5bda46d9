import type { ReactNode } from 'react';
import { useConfigState } from '../session/use-session';
import { LoginForm } from './login-form';

/** For standalone elements: signed out, the sign-in form shows in place (no redirect of the host page). */
export function RequireSession({ children }: { children: ReactNode }) {
  const { apiKey } = useConfigState();
  return apiKey ? <>{children}</> : <LoginForm />;
}
