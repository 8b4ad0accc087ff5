import { Link, useLocation } from 'wouter';
import { LogOut } from 'lucide-react';
import { PLANS } from '@shared/plans';
import { DEFAULT_COMPANY_NAME } from '@shared/product';
import { LogoMark } from '@web/components/logo';
import { Badge } from '@web/components/ui/badge';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarSeparator,
  useSidebar,
} from '@web/components/ui/sidebar';
import { useLogout } from '@web/lib/use-logout';
import { useCurrentUser } from '@web/lib/session';
import { NAV_GROUPS, isNavItemActive } from './nav-items';

/** The owner's plan name (product.md §2 plan badge), from the account; unknown ids read as the free plan. */
function planName(planId: string | undefined): string {
  return (PLANS.find((p) => p.id === planId) ?? PLANS[0]!).name;
}

function GymHeader() {
  const { user } = useCurrentUser();
  const companyName = user?.companyName || DEFAULT_COMPANY_NAME;
  return (
    <SidebarHeader className="border-b border-sidebar-border">
      <div className="flex min-w-0 items-center gap-2 py-1 group-data-[collapsible=icon]:justify-center group-data-[collapsible=icon]:py-0.5">
        {user?.companyLogoUrl ? (
          <img
            src={user.companyLogoUrl}
            alt=""
            className="size-8 shrink-0 rounded-md bg-background object-contain"
          />
        ) : (
          <LogoMark className="size-8" />
        )}
        <div className="grid min-w-0 flex-1 gap-1 leading-tight group-data-[collapsible=icon]:sr-only">
          <span className="truncate text-sm font-semibold" data-testid="sidebar-company-name">
            {companyName}
          </span>
          <Badge className="h-5 px-1.5 text-[0.7rem]" data-testid="sidebar-plan">
            <span className="sr-only">Plan: </span>
            {planName(user?.plan)}
          </Badge>
        </div>
      </div>
    </SidebarHeader>
  );
}

/** The shell's sidebar: the gym's identity, the two menu groups and the logout button. */
export function AppSidebar() {
  const [pathname] = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const { logout, isLoggingOut } = useLogout();
  const closeOnMobile = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar label="Navigation">
      <GymHeader />
      <SidebarContent>
        <nav aria-label="Main navigation">
          {NAV_GROUPS.map((group) => (
            <SidebarGroup key={group.label}>
              <SidebarGroupLabel>{group.label}</SidebarGroupLabel>
              <SidebarMenu>
                {group.items.map((item) => {
                  const active = isNavItemActive(item.href, pathname);
                  return (
                    <SidebarMenuItem key={item.href}>
                      <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
                        <Link
                          href={item.href}
                          aria-current={active ? 'page' : undefined}
                          onClick={closeOnMobile}
                        >
                          <item.icon aria-hidden="true" />
                          <span>{item.title}</span>
                        </Link>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  );
                })}
              </SidebarMenu>
            </SidebarGroup>
          ))}
        </nav>
      </SidebarContent>
      <SidebarSeparator />
      <SidebarFooter>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton
              tooltip="Log out"
              onClick={() => void logout()}
              disabled={isLoggingOut}
            >
              <LogOut aria-hidden="true" />
              <span>{isLoggingOut ? 'Logging out...' : 'Log out'}</span>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
    </Sidebar>
  );
}
