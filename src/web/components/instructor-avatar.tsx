import { gymInitials } from '@shared/gyms.contract';
import { cn } from '@web/lib/utils';

/**
 * An instructor's round photo, or their initials on a soft circle when the studio added none.
 * Decorative beside the name it goes with (the name is always said in words next to it). Free of
 * Radix and zod: the public page's own build shows it too (decision 0017).
 */
export function InstructorAvatar({
  name,
  photoUrl,
  className,
}: {
  name: string;
  photoUrl: string | null;
  className?: string;
}) {
  const shape = 'inline-flex size-10 shrink-0 items-center justify-center rounded-full';
  if (photoUrl) {
    return (
      <img
        src={photoUrl}
        alt=""
        aria-hidden="true"
        loading="lazy"
        className={cn(shape, 'bg-muted object-cover', className)}
        data-testid="instructor-photo"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(shape, 'bg-muted font-semibold text-muted-foreground', className)}
      data-testid="instructor-initials"
    >
      {gymInitials(name)}
    </span>
  );
}
