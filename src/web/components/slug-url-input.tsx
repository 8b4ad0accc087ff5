import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { sanitizeSlugInput } from '@shared/slug.contract';
import type { FieldControlProps } from './form-field';
import { Input } from './ui/input';

/**
 * A public page's slug typed after its address ('{host}/gym/'), cleaned as it is typed (the one
 * normaliser, sanitizeSlugInput): the gym's slug edit and a location's form.
 */
export function SlugUrlInput<T extends FieldValues>({
  control,
  name,
  aria,
  origin,
  autoFocus,
  placeholder,
}: {
  control: Control<T>;
  name: Path<T>;
  aria: FieldControlProps;
  origin: string;
  autoFocus?: boolean;
  placeholder?: string;
}) {
  return (
    <div className="flex min-w-0 items-stretch overflow-hidden rounded-md border border-input focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50">
      <span
        aria-hidden="true"
        className="hidden items-center border-r bg-muted px-3 font-mono text-sm text-muted-foreground sm:flex"
      >
        {origin.replace(/^https?:\/\//, '')}/gym/
      </span>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Input
            {...aria}
            ref={field.ref}
            name={field.name}
            value={String(field.value ?? '')}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(sanitizeSlugInput(event.target.value))}
            autoFocus={autoFocus}
            autoComplete="off"
            spellCheck={false}
            maxLength={60}
            placeholder={placeholder}
            className="rounded-none border-0 font-mono shadow-none focus-visible:ring-0"
          />
        )}
      />
    </div>
  );
}
