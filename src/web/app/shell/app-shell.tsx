import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { PRODUCT_NAME } from '@shared/product';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Separator } from '@web/components/ui/separator';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@web/components/ui/sidebar';
import { Spinner } from '@web/components/ui/spinner';
import { GraceBanner } from '@web/features/subscription/grace-banner';
import { UploadTray } from '@web/features/upload/upload-tray';
import { AppSidebar } from './app-sidebar';
import { pageTitleFor } from './nav-items';
import { UserMenu } from './user-menu';

function TopBar({ title }: { title: string | undefined }) {
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/75 sm:px-4">
      <SidebarTrigger />
      <Separator orientation="vertical" className="mr-1 h-5!" />
      <p className="min-w-0 flex-1 truncate text-sm font-medium text-muted-foreground">
        {title ?? PRODUCT_NAME}
      </p>
      <ThemeToggle />
      <UserMenu />
    </header>
  );
}

/**
 * The signed-in, onboarded layout (product.md §2): the collapsible sidebar, the top bar with the sidebar
 * trigger, the theme toggle and the user menu, a failed payment's banner during its grace period, the
 * page, and the tray of an upload in progress.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const title = pageTitleFor(pathname);

  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);

  return (
    <SidebarProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:text-sm focus:shadow"
      >
        Skip to content
      </a>
      <AppSidebar />
      <SidebarInset>
        <TopBar title={title} />
        <GraceBanner />
        <main
          id="main"
          tabIndex={-1}
          className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          <Suspense
            fallback={
              <div className="flex min-h-[40vh] items-center justify-center">
                <Spinner size="lg" label="Loading..." className="flex-col gap-3" />
              </div>
            }
          >
            {children}
          </Suspense>
        </main>
        <UploadTray />
      </SidebarInset>
    </SidebarProvider>
  );
}
