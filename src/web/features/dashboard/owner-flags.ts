import { useCallback, useEffect, useState } from 'react';

/** A per-account flag this device keeps in localStorage (the dashboard's own memory). */
function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

function writeFlag(key: string): void {
  try {
    localStorage.setItem(key, 'true');
  } catch {
    /* storage unavailable: remembered for this page only */
  }
}

/**
 * Whether this owner has copied or shared their public link (Getting Started step 3), kept in
 * localStorage per account.
 */
export function useLinkShared(userId: string): [boolean, () => void] {
  const key = `cadence-link-shared:${userId}`;
  const [shared, setShared] = useState(() => readFlag(key));
  const markShared = useCallback(() => {
    setShared(true);
    writeFlag(key);
  }, [key]);
  return [shared, markShared];
}

/**
 * True on this owner's first visit to the dashboard (on this device), for as long as that visit's
 * page stays open; every later visit is a return ('Welcome back').
 */
export function useFirstDashboardVisit(userId: string): boolean {
  const key = `cadence-dashboard-visited:${userId}`;
  const [first] = useState(() => !readFlag(key));
  useEffect(() => writeFlag(key), [key]);
  return first;
}
