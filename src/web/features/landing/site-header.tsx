import { Logo } from '@web/components/logo';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Button } from '@web/components/ui/button';
import type * as React from 'react';
import { AUTH_SECTION_ID, scrollToSection, type AuthMode } from './scroll';

const NAV = [
  { id: 'features', label: 'Features' },
  { id: 'how-it-works', label: 'How it works' },
  { id: 'pricing', label: 'Pricing' },
] as const;

/** The sticky header. Sign In / Sign Up are in-page links to the auth card (they set its mode). */
export function SiteHeader({ onAuth }: { onAuth: (mode: AuthMode) => void }) {
  const go = (e: React.MouseEvent<HTMLAnchorElement>, mode: AuthMode) => {
    e.preventDefault();
    onAuth(mode);
  };
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6 lg:px-8">
        <a
          href="/"
          className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label="Cadence home"
        >
          <Logo markClassName="size-7 sm:size-8" />
        </a>

        <nav aria-label="Primary" className="hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <a
              key={item.id}
              href={`#${item.id}`}
              onClick={(e) => {
                e.preventDefault();
                scrollToSection(item.id);
              }}
              className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {item.label}
            </a>
          ))}
        </nav>

        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <Button asChild variant="ghost" className="h-8 px-2.5 sm:h-9 sm:px-4">
            <a href={`#${AUTH_SECTION_ID}`} onClick={(e) => go(e, 'login')}>
              Sign In
            </a>
          </Button>
          <Button asChild className="h-8 px-3 sm:h-9 sm:px-4">
            <a href={`#${AUTH_SECTION_ID}`} onClick={(e) => go(e, 'register')}>
              Sign Up
            </a>
          </Button>
        </div>
      </div>
    </header>
  );
}
