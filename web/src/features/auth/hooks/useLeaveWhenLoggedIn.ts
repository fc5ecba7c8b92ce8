import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { appRoutes } from '@common/routes';

/** Spec: with 4 or more history entries go back one step, else replace with the profile. */
export const BACK_NAVIGATION_MIN_HISTORY = 4;

/** Leaves the login screen once the user is logged in (already on entry, or after logging in). */
export function useLeaveWhenLoggedIn(loggedIn: boolean): void {
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    if (!loggedIn || left.current) return;
    left.current = true;
    if (window.history.length >= BACK_NAVIGATION_MIN_HISTORY) void navigate(-1);
    else void navigate(appRoutes.profile, { replace: true });
  }, [loggedIn, navigate]);
}
