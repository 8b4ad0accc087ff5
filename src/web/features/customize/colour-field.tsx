import { useId } from 'react';
import { Check } from 'lucide-react';
import { COLOR_PRESETS } from '@shared/branding.contract';
import { HEX_COLOR_PATTERN, readableTextOn } from '@shared/color';
import { describedBy, FieldError } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/utils';

interface ColourFieldProps {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The last valid colour, for the picker while the hex box holds a half-typed value. */
  fallback: string;
  name: string;
  /** Not in the owner's plan: shown, not changeable (the lock's words sit beside it). */
  disabled?: boolean;
}

/** A brand colour: the six presets (product.md §2), a colour picker and the hex value, kept in step. */
export function ColourField({
  label,
  hint,
  value,
  onChange,
  error,
  fallback,
  name,
  disabled = false,
}: ColourFieldProps) {
  const id = useId();
  const valid = HEX_COLOR_PATTERN.test(value);
  const current = (valid ? value : fallback).toLowerCase();
  const hexId = `${id}-hex`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <fieldset
      className="space-y-3 disabled:opacity-60"
      disabled={disabled}
      data-testid={`colour-${name}`}
    >
      <legend className="text-sm font-medium">{label}</legend>
      <p id={hintId} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <div className="flex flex-wrap gap-2" role="group" aria-label={`${label} presets`}>
        {COLOR_PRESETS.map((preset) => {
          const selected = current === preset.value;
          return (
            <button
              key={preset.value}
              type="button"
              onClick={() => onChange(preset.value)}
              aria-pressed={selected}
              aria-label={`${preset.name} ${preset.value}`}
              title={`${preset.name} ${preset.value}`}
              className={cn(
                'flex size-9 cursor-pointer items-center justify-center rounded-full border-2 border-background shadow-sm ring-1 ring-border transition-transform outline-none hover:scale-110 focus-visible:ring-[3px] focus-visible:ring-ring disabled:cursor-not-allowed disabled:hover:scale-100',
                selected && 'ring-2 ring-foreground',
              )}
              style={{ backgroundColor: preset.value, color: readableTextOn(preset.value) }}
            >
              {selected && <Check aria-hidden="true" className="size-4" />}
            </button>
          );
        })}
      </div>
      <div className="flex items-center gap-3">
        <input
          type="color"
          value={current}
          onChange={(event) => onChange(event.target.value)}
          aria-label={`${label} picker`}
          className="h-10 w-14 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1 disabled:cursor-not-allowed"
        />
        <div className="flex-1 space-y-1">
          <Label htmlFor={hexId} className="sr-only">
            {label} hex value
          </Label>
          <Input
            id={hexId}
            value={value}
            onChange={(event) => onChange(event.target.value.trim())}
            maxLength={7}
            spellCheck={false}
            autoComplete="off"
            className="max-w-40 font-mono uppercase"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(hintId, error && errorId)}
          />
        </div>
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
