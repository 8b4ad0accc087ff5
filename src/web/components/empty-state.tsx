import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A centred empty state: an icon, the product's title, a hint and optional extras (badge, action). */
export function EmptyState({
  icon: Icon,
  title,
  hint,
  children,
}: {
  icon: LucideIcon;
  title: string;
  hint?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-4 py-10 text-center">
      <span
        className="flex size-12 items-center justify-center rounded-full bg-muted"
        aria-hidden="true"
      >
        <Icon className="size-6 text-muted-foreground" />
      </span>
      <p className="text-base font-semibold">{title}</p>
      {hint && <p className="max-w-md text-sm text-muted-foreground">{hint}</p>}
      {children}
    </div>
  );
}
