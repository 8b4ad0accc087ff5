import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiRequest } from './api';
import { refetchCurrentUser, setCurrentUser } from './session';
import { toast } from './use-toast';

/**
 * Logout (spec §4): POST /api/auth/logout, the cached user set to null and refetched, then to /.
 */
export function useLogout(): { logout: () => Promise<void>; isLoggingOut: boolean } {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [isLoggingOut, setLoggingOut] = useState(false);

  async function logout() {
    if (isLoggingOut) return;
    setLoggingOut(true);
    try {
      await apiRequest('POST', '/api/auth/logout');
    } catch {
      setLoggingOut(false);
      toast({
        title: 'Log out failed',
        description: 'Unable to log out. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    setCurrentUser(queryClient, null);
    await refetchCurrentUser(queryClient);
    // Drop everything the signed-in owner had cached (videos, plans, ...).
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== '/api/auth/user' });
    navigate('/');
  }

  return { logout, isLoggingOut };
}
