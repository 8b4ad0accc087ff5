import { useRef, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/**
 * A button that opens the file picker: the file input itself stays out of sight and out of the
 * tab order (the button is the control), and is emptied after each pick so the same file can be
 * picked again. `busy` shows a spinner in place of the icon and disables the button.
 */
export function FilePickButton({
  accept,
  onFile,
  busy = false,
  disabled = false,
  icon,
  children,
  inputTestId,
  describedBy,
}: {
  accept: string;
  onFile: (file: File) => void;
  busy?: boolean;
  disabled?: boolean;
  icon: ReactNode;
  /** The button's words (an sr-only part may say what the file is for). */
  children: ReactNode;
  inputTestId?: string;
  describedBy?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={inputTestId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={busy || disabled}
        aria-describedby={describedBy}
        onClick={() => input.current?.click()}
      >
        {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : icon}
        {children}
      </Button>
    </>
  );
}
