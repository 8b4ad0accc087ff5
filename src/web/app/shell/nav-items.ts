import {
  BarChart3,
  CreditCard,
  LayoutDashboard,
  ListOrdered,
  MapPin,
  MonitorPlay,
  Palette,
  Settings,
  Upload,
  UserRound,
  Video,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  title: string;
  href: string;
  icon: LucideIcon;
}

export interface NavGroup {
  label: string;
  items: readonly NavItem[];
}

/** The sidebar's two groups (product.md §2 Sidebar). */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: 'Main Menu',
    items: [
      { title: 'Dashboard', href: '/dashboard', icon: LayoutDashboard },
      { title: 'Video Library', href: '/videos', icon: Video },
      { title: 'Upload Video', href: '/upload', icon: Upload },
      { title: 'Instructors', href: '/instructors', icon: UserRound },
      { title: 'Programs', href: '/programs', icon: ListOrdered },
      { title: 'Gym Customization', href: '/customize', icon: Palette },
      { title: 'Analytics', href: '/analytics', icon: BarChart3 },
      { title: 'Locations', href: '/locations', icon: MapPin },
      { title: 'Studio screens', href: '/screens', icon: MonitorPlay },
    ],
  },
  {
    label: 'Account',
    items: [
      { title: 'Subscription', href: '/subscription', icon: CreditCard },
      { title: 'Settings', href: '/settings', icon: Settings },
    ],
  },
];

/** An item is active on its own path and on any path below it (/videos/123 keeps Video Library lit). */
export function isNavItemActive(href: string, pathname: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The title of the page at `pathname`, for the top bar, when the sidebar knows it. */
export function pageTitleFor(pathname: string): string | undefined {
  for (const group of NAV_GROUPS) {
    const item = group.items.find((i) => isNavItemActive(i.href, pathname));
    if (item) return item.title;
  }
  if (pathname === '/student') return 'Student View';
  return undefined;
}
