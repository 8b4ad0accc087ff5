import { useId } from 'react';
import { Check, X } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { sanitizeSlugInput } from '@shared/slug.contract';

interface SlugEditFormProps {
  origin: string;
  draft: string;
  onDraftChange(next: string): void;
  onSave(): void;
  onCancel(): void;
  pending: boolean;
}

/** The public-URL edit mode shared by the dashboard and /customize: cleaned typing, save or cancel. */
export function SlugEditForm({
  origin,
  draft,
  onDraftChange,
  onSave,
  onCancel,
  pending,
}: SlugEditFormProps) {
  const id = useId();
  return (
    <form
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <Label htmlFor={`${id}-slug`}>Public URL</Label>
      <div className="flex min-w-0 items-stretch overflow-hidden rounded-md border border-input focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50">
        <span
          aria-hidden="true"
          className="hidden items-center border-r bg-muted px-3 font-mono text-sm text-muted-foreground sm:flex"
        >
          {origin.replace(/^https?:\/\//, '')}/gym/
        </span>
        <Input
          id={`${id}-slug`}
          value={draft}
          onChange={(event) => onDraftChange(sanitizeSlugInput(event.target.value))}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          maxLength={60}
          aria-describedby={`${id}-slug-hint`}
          className="rounded-none border-0 font-mono shadow-none focus-visible:ring-0"
        />
      </div>
      <p id={`${id}-slug-hint`} className="text-xs text-muted-foreground">
        Lowercase letters, numbers and single hyphens, 3 to 50 characters. Your old link keeps
        working.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          <Check aria-hidden="true" />
          {pending ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel} disabled={pending}>
          <X aria-hidden="true" />
          Cancel
        </Button>
      </div>
    </form>
  );
}
