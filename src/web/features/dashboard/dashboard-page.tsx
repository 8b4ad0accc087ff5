import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { Check, Copy, Link2, LogOut, Palette, Share2, Upload } from 'lucide-react';
import { PRODUCT_NAME } from '@shared/product';
import { Logo } from '@web/components/logo';
import { ThemeToggle } from '@web/components/theme-toggle';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { apiRequest } from '@web/lib/api';
import { refetchCurrentUser, setCurrentUser, useCurrentUser } from '@web/lib/session';
import { toast } from '@web/lib/use-toast';

const COPY_CHECK_MS = 2000;

const GETTING_STARTED = [
  { icon: Upload, title: 'Upload your first video', text: 'Add a recorded class and we enhance it within 24-48 hours.' },
  { icon: Palette, title: 'Customise your interface', text: 'Add your logo and colours so the page feels like your gym.' },
  { icon: Share2, title: 'Share your link', text: 'Send the public link to your members; no login needed.' },
] as const;

/** Interim dashboard: welcome line, the public student link and a log-out button. */
export function DashboardPage() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [loggingOut, setLoggingOut] = useState(false);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_CHECK_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const companyName = user?.companyName || PRODUCT_NAME;
  const publicLink = user?.companySlug ? `${window.location.origin}/gym/${user.companySlug}` : null;

  async function handleLogout() {
    setLoggingOut(true);
    try {
      await apiRequest('POST', '/api/auth/logout');
    } catch {
      setLoggingOut(false);
      toast({ title: 'Log out failed', description: 'Unable to log out. Please try again.', variant: 'destructive' });
      return;
    }
    setCurrentUser(queryClient, null);
    await refetchCurrentUser(queryClient);
    navigate('/');
  }

  async function handleCopy() {
    if (!publicLink) return;
    try {
      await navigator.clipboard.writeText(publicLink);
      setCopied(true);
      toast({ title: 'Link copied!', description: 'Share it with your members.' });
    } catch {
      toast({ title: 'Copy failed', description: 'Failed to copy link to clipboard', variant: 'destructive' });
    }
  }

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="sticky top-0 z-10 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Logo />
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <Button variant="outline" size="sm" onClick={handleLogout} disabled={loggingOut}>
              <LogOut aria-hidden="true" />
              {loggingOut ? 'Logging out...' : 'Log out'}
            </Button>
          </div>
        </div>
      </header>

      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        <div className="mb-8 space-y-2">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Welcome back, {companyName}!
          </h1>
          <p className="text-muted-foreground">
            Your studio is set up. Here is the link your members use to watch your classes.
          </p>
        </div>

        <div className="grid items-start gap-6 lg:grid-cols-5">
          <Card className="lg:col-span-3">
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-lg">
                <Link2 aria-hidden="true" className="size-5 text-primary" />
                <h2>Public Student Link</h2>
              </CardTitle>
              <CardDescription>
                Students open this page on any device, without an account, and pick a class.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {publicLink ? (
                <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                  <code
                    aria-label="Public student link"
                    className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2.5 font-mono text-sm break-all"
                  >
                    {publicLink}
                  </code>
                  <Button onClick={handleCopy} className="shrink-0">
                    {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">Your public link will appear here once it is set.</p>
              )}
            </CardContent>
          </Card>

          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle className="text-lg">
                <h2>Getting started</h2>
              </CardTitle>
              <CardDescription>Three steps to your first class online.</CardDescription>
            </CardHeader>
            <CardContent>
              <ol className="space-y-4">
                {GETTING_STARTED.map(({ icon: Icon, title, text }, index) => (
                  <li key={title} className="flex gap-3">
                    <span
                      aria-hidden="true"
                      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary"
                    >
                      <Icon className="size-4" />
                    </span>
                    <div className="min-w-0">
                      <p className="text-sm font-medium">
                        <span className="sr-only">Step {index + 1}: </span>
                        {title}
                      </p>
                      <p className="text-sm text-muted-foreground">{text}</p>
                    </div>
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
        </div>
      </main>
    </div>
  );
}
