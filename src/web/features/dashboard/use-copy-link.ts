import { useCallback } from 'react';
import { copyText, useCopied } from '@web/lib/copy-text';
import { toast } from '@web/lib/use-toast';

/** Copies the public link with the toasts of product.md §8; `copied` stays true for 2 s after success. */
export function useCopyLink(link: string | null, onCopied: () => void) {
  const { copied, markCopied } = useCopied();

  const copy = useCallback(async () => {
    if (!link) return;
    if (await copyText(link)) {
      markCopied();
      onCopied();
      toast({ title: 'Link copied!', description: 'Share it with your members.' });
    } else {
      toast({
        title: 'Copy failed',
        description: 'Failed to copy link to clipboard',
        variant: 'destructive',
      });
    }
  }, [link, onCopied, markCopied]);

  return { copied, copy };
}
