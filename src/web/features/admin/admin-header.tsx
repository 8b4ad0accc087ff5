import { Link, useLocation } from 'wouter';
import { LogOut, ShieldCheck } from 'lucide-react';
import { Logo } from '@web/components/logo';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Button } from '@web/components/ui/button';
import { useLogout } from '@web/lib/use-logout';
import { cn } from '@web/lib/utils';
import { ADMIN_NAV } from './admin-paths';

/** The admin area's header (product.md §2): its pages, the admin's email and a Logout button. */
export function AdminHeader({ email }: { email: string }) {
  const { logout, isLoggingOut } = useLogout();
  return (
    <header className="sticky top-0 z-20 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Logo className="shrink-0" />
        <span className="hidden items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-foreground sm:inline-flex">
          <ShieldCheck aria-hidden="true" className="size-3.5" />
          Admin
        </span>
        <AdminNav className="hidden sm:flex" />
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          <span
            className="truncate text-sm text-muted-foreground"
            title={email}
            data-testid="admin-email"
          >
            {email}
          </span>
          <ThemeToggle />
          <Button variant="outline" size="sm" onClick={() => void logout()} disabled={isLoggingOut}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </div>
      {/* On a phone the pages get their own row, so the header never overflows. */}
      <AdminNav className="flex border-t px-4 py-1.5 sm:hidden" />
    </header>
  );
}

/** Links to the admin pages, the current one marked. */
function AdminNav({ className }: { className: string }) {
  const [pathname] = useLocation();
  return (
    <nav aria-label="Admin" className={cn('items-center gap-1', className)}>
      {ADMIN_NAV.map((item) => {
        const current = pathname === item.href;
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={current ? 'page' : undefined}
            className={cn(
              'rounded-md px-2 py-1 text-sm font-medium transition-colors hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
              current ? 'bg-muted text-foreground' : 'text-muted-foreground',
            )}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
