import { Link } from 'wouter';
import { BarChart3, Eye, Palette, Upload, Video, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';

const LINKS: ReadonlyArray<{ href: string; label: string; icon: LucideIcon }> = [
  { href: '/videos', label: 'Video Library', icon: Video },
  { href: '/customize', label: 'Customize Gym', icon: Palette },
  { href: '/analytics', label: 'View Analytics', icon: BarChart3 },
  { href: '/student', label: 'Preview Student Page', icon: Eye },
];

const itemClass =
  'flex w-full cursor-pointer items-center gap-3 rounded-md border px-3 py-2.5 text-left text-sm font-medium transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50';

/** Quick Actions (product.md §2): upload, and shortcuts to the other screens. */
export function QuickActions({ onUpload }: { onUpload: () => void }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>Quick Actions</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2">
          <li>
            <button type="button" className={itemClass} onClick={onUpload}>
              <Upload aria-hidden="true" className="size-4 text-primary" />
              Upload Video
            </button>
          </li>
          {LINKS.map(({ href, label, icon: Icon }) => (
            <li key={href}>
              <Link href={href} className={itemClass}>
                <Icon aria-hidden="true" className="size-4 text-primary" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
