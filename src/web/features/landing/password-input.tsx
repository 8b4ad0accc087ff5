import * as React from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/utils';

type PasswordInputProps = Omit<React.ComponentProps<'input'>, 'type'> & {
  visible: boolean;
  onVisibleChange: (visible: boolean) => void;
};

/** A password input with a show/hide toggle button inside its right edge. */
export function PasswordInput({
  visible,
  onVisibleChange,
  className,
  ...props
}: PasswordInputProps) {
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-11', className)} {...props} />
      <button
        type="button"
        onClick={() => onVisibleChange(!visible)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-controls={props.id}
        className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-4" />
        ) : (
          <Eye aria-hidden="true" className="size-4" />
        )}
      </button>
    </div>
  );
}
