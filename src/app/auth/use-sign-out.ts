import { useCallback } from 'react';
import { logout } from '../api/auth';
import { useApi } from '../api/use-api';
import { useSession } from '../session/use-session';
import { useEmit } from '../shell/events';

/**
 * Signs out: revokes the key on the server (best effort: a dead server must not keep the user
 * signed in), clears the stored keys, then lets the caller navigate.
 */
export function useSignOut(afterSignOut?: () => void) {
  const emit = useEmit();
  const api = useApi();
  const { store } = useSession();
  return useCallback(async () => {
    try {
      await logout(api);
    } catch (error) {
      console.warn('vp-admin-kit: the server could not revoke the session; it is cleared here anyway.', error);
    }
    store.signOut();
    emit('vp-signed-out', {});
    afterSignOut?.();
  }, [api, store, emit, afterSignOut]);
}
