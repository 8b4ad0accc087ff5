import type { ReactNode } from 'react';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/utils';

/** What a field's control needs to be labelled and described: spread it on the input. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Joins the ids a control is described by, skipping the absent ones. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

/** The error line under a field, in the destructive-text colour; the control points at it by id. */
export function FieldError({
  id,
  message,
  className,
}: {
  id: string;
  message: string | null | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={cn('text-sm font-medium text-destructive-text', className)}>
      {message}
    </p>
  );
}

/** The ids of a field's description and error, from the control's id. */
export function fieldIds(id: string) {
  return { description: `${id}-description`, error: `${id}-error` };
}

/**
 * One form field, the same way everywhere: the label, the control (given its id and aria wiring),
 * an optional description and the error text. `aside` is a note beside the label, outside its name
 * (e.g. 'Optional'); `describedBy` adds ids of lines the caller shows itself (a counter, a warning).
 */
export function FormField({
  id,
  label,
  aside,
  description,
  error,
  describedBy: extra,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  aside?: ReactNode;
  description?: ReactNode;
  error?: string | null;
  describedBy?: string | false;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const ids = fieldIds(id);
  return (
    <div className={cn('grid gap-2', className)}>
      {aside ? (
        <div className="flex items-baseline justify-between gap-2">
          <Label htmlFor={id}>{label}</Label>
          <span className="text-xs text-muted-foreground">{aside}</span>
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(
          error && ids.error,
          description ? ids.description : undefined,
          extra,
        ),
      })}
      {description && (
        <p id={ids.description} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      <FieldError id={ids.error} message={error} />
    </div>
  );
}
