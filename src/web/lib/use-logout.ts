import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { authEndpoints } from '@shared/auth.contract';
import { api } from './api';
import { forgetAccountData, refetchCurrentUser, setCurrentUser } from './session';
import { toast } from './use-toast';

/**
 * Logout (product.md §4): POST /api/auth/logout, the cached user set to null and refetched, then to /.
 */
export function useLogout(): { logout: () => Promise<void>; isLoggingOut: boolean } {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [isLoggingOut, setLoggingOut] = useState(false);

  async function logout() {
    if (isLoggingOut) return;
    setLoggingOut(true);
    try {
      await api(authEndpoints.logout);
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
    forgetAccountData(queryClient);
    navigate('/');
  }

  return { logout, isLoggingOut };
}
