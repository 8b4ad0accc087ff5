import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '@web/components/confirm-dialog';

/**
 * While `dirty`, leaving asks first: a reload or closing the tab gets the browser's own question,
 * and a link inside the app (the sidebar, the back link) opens 'Leave without saving?'.
 */
export function LeaveGuard({ dirty }: { dirty: boolean }) {
  const [, navigate] = useLocation();
  const [leavingTo, setLeavingTo] = useState<string | null>(null);

  useEffect(() => {
    if (!dirty) return;
    function warn(event: BeforeUnloadEvent) {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    }
    function intercept(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
      if (link.target && link.target !== '_self') return;
      const to = new URL(link.href, window.location.href);
      // Another site unloads this page: the browser's own question covers it.
      if (to.origin !== window.location.origin) return;
      if (to.pathname === window.location.pathname && to.search === window.location.search) return;
      // Captured before the app's router sees the click.
      event.preventDefault();
      event.stopPropagation();
      setLeavingTo(`${to.pathname}${to.search}${to.hash}`);
    }
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', intercept, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', intercept, true);
    };
  }, [dirty]);

  return (
    <ConfirmDialog
      open={leavingTo !== null}
      title="Leave without saving?"
      description={
        <p>Your changes to this ride track are not saved. They are lost if you leave.</p>
      }
      action="Leave without saving"
      pendingAction="Leaving..."
      pending={false}
      onConfirm={(done) => {
        const to = leavingTo;
        done();
        if (to) navigate(to);
      }}
      onClose={() => setLeavingTo(null)}
      onDone={() => {}}
    />
  );
}
