import { useCallback } from 'react';
import { logout } from '../api/auth';
import { configStore } from '../config/config';
import { useEmit } from '../shell/events';

/**
 * Signs out: revokes the key on the server (best effort: a dead server must not keep the user
 * signed in), clears the stored keys, then lets the caller navigate.
 */
export function useSignOut(afterSignOut?: () => void) {
  const emit = useEmit();
  return useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      console.warn('vp-admin-kit: the server could not revoke the session; it is cleared here anyway.', error);
    }
    configStore.signOut();
    emit('vp-signed-out', {});
    afterSignOut?.();
  }, [emit, afterSignOut]);
}
