import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client';
import { useSession } from '../../entities/session';

/**
 * Revokes the token on the server, then forgets it here. The local sign-out happens even
 * when the call fails (offline, already expired): a user who taps "Log out" must be out.
 */
export function useLogout() {
  const { logout } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function logOut() {
    setPending(true);
    try {
      await api.call('POST /auth/logout');
    } catch {
      // Nothing to do: the token is dropped locally below either way.
    } finally {
      logout();
      queryClient.clear();
      setPending(false);
      await navigate('/login', { replace: true });
    }
  }

  return { logOut, pending };
}
