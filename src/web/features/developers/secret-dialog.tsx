import { Check, Copy } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { copyText, useCopied } from '@web/lib/copy-text';
import { toast } from '@web/lib/use-toast';

export interface ShownSecret {
  title: string;
  /** The contract's "Copy it now: it will not be shown again" words. */
  message: string;
  /** What the secret is, for its label ("API key", "Signing secret"). */
  label: string;
  secret: string;
}

/**
 * A new key's or endpoint's secret, shown this once: copied with one button, and closed only by
 * "I have copied it" (not Escape, not a click outside), so it is not lost by accident.
 */
export function SecretDialog({
  shown,
  onDone,
  returnFocusTo,
}: {
  shown: ShownSecret | null;
  onDone: () => void;
  /** Where focus goes once closed (the form that opened it is gone). */
  returnFocusTo: () => HTMLElement | null;
}) {
  const { copied, markCopied, clearCopied } = useCopied();

  async function copy() {
    if (!shown) return;
    if (await copyText(shown.secret)) {
      markCopied();
    } else {
      toast({
        title: 'Copy failed',
        description: 'Select the secret and copy it yourself.',
        variant: 'destructive',
      });
    }
  }

  return (
    <Dialog open={shown !== null}>
      <DialogContent
        showCloseButton={false}
        onEscapeKeyDown={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo()?.focus();
        }}
        data-testid="secret-dialog"
      >
        <DialogHeader>
          <DialogTitle>{shown?.title}</DialogTitle>
          <DialogDescription>{shown?.message}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <p className="text-sm font-medium">{shown?.label}</p>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <code
              data-testid="secret-value"
              className="min-w-0 flex-1 rounded-md border bg-muted/60 px-3 py-2 font-mono text-sm break-all select-all"
            >
              {shown?.secret}
            </code>
            <Button type="button" variant="outline" onClick={() => void copy()} className="sm:w-28">
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p role="status" className="sr-only">
            {copied ? `${shown?.label} copied to the clipboard` : ''}
          </p>
        </div>
        <DialogFooter>
          <Button
            type="button"
            onClick={() => {
              clearCopied();
              onDone();
            }}
          >
            I have copied it
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
