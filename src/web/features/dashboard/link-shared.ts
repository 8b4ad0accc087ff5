import { useCallback, useState } from 'react';

const key = (userId: string) => `cadence-link-shared:${userId}`;

function read(userId: string): boolean {
  try {
    return localStorage.getItem(key(userId)) === 'true';
  } catch {
    return false;
  }
}

/**
 * Whether this owner has copied or shared their public link (Getting Started step 3), kept in
 * localStorage per account.
 */
export function useLinkShared(userId: string): [boolean, () => void] {
  const [shared, setShared] = useState(() => read(userId));
  const markShared = useCallback(() => {
    setShared(true);
    try {
      localStorage.setItem(key(userId), 'true');
    } catch {
      /* storage unavailable: remembered for this page only */
    }
  }, [userId]);
  return [shared, markShared];
}
