import { useCallback, useEffect, useState } from 'react';
import { toast } from '@web/lib/use-toast';

/** product.md §9: the copy button shows a check for 2 s. */
export const COPY_CHECK_MS = 2000;

/** Copies the public link with the toasts of product.md §8; `copied` stays true for 2 s after success. */
export function useCopyLink(link: string | null, onCopied: () => void) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_CHECK_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = useCallback(async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      onCopied();
      toast({ title: 'Link copied!', description: 'Share it with your members.' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Failed to copy link to clipboard',
        variant: 'destructive',
      });
    }
  }, [link, onCopied]);

  return { copied, copy };
}
