import * as React from 'react';
import { Loader2 } from 'lucide-react';
import { cn } from '@web/lib/utils';

export interface SpinnerProps extends React.ComponentProps<'div'> {
  /** Visible text next to the spinner; also its accessible name. Without it, 'Loading' is announced. */
  label?: string;
  size?: 'sm' | 'default' | 'lg';
}

const sizes = { sm: 'size-4', default: 'size-6', lg: 'size-10' } as const;

function Spinner({ label, size = 'default', className, ...props }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-slot="spinner"
      className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}
      {...props}
    >
      <Loader2 aria-hidden="true" className={cn('animate-spin text-primary', sizes[size])} />
      {label ? <span className="text-sm">{label}</span> : <span className="sr-only">Loading</span>}
    </div>
  );
}

export { Spinner };
