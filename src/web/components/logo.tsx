import { PRODUCT_NAME } from '@shared/product';
import { cn } from '@web/lib/utils';

/** The Cadence mark alone: an orange rounded square with a looping stroke and a dot. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn('size-8 shrink-0', className)}
    >
      <rect width="32" height="32" rx="8" fill="#ff4500" />
      <path
        d="M9 21.5c2.2 1.7 4.5 2.5 7 2.5 4.4 0 8-3.6 8-8s-3.6-8-8-8c-2.5 0-4.8.8-7 2.5"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="16" cy="16" r="2.5" fill="#fff" />
    </svg>
  );
}

/** The wordmark: mark plus the product name. */
export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark className={markClassName} />
      <span className="text-lg font-bold tracking-tight text-foreground">{PRODUCT_NAME}</span>
    </span>
  );
}
