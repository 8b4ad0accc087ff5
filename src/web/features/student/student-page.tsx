import { ExternalLink, MonitorSmartphone } from 'lucide-react';
import { gymPagePath } from '@shared/gyms.contract';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useCurrentUser } from '@web/lib/session';

/** /student: the owner's own public page, exactly as riders see it, framed like a tablet. */
export function StudentPage() {
  const { user } = useCurrentUser();
  const slug = user?.companySlug;
  const path = slug ? gymPagePath(slug) : null;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Student View</h1>
          <p className="mt-1 text-muted-foreground">
            What your riders see when they open your public link on a tablet.
          </p>
        </div>
        {path && (
          <Button asChild variant="outline">
            <a href={path} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden="true" />
              Open public page
            </a>
          </Button>
        )}
      </div>
      {path ? (
        <div className="overflow-hidden rounded-2xl border-8 border-foreground/85 bg-background shadow-lg">
          <iframe
            title="Your public gym page"
            src={path}
            className="block h-[70svh] min-h-[480px] w-full bg-background"
          />
        </div>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <MonitorSmartphone aria-hidden="true" className="size-5 text-primary" />
              No public link yet
            </CardTitle>
            <CardDescription>
              Choose your public URL on the dashboard to preview it here.
            </CardDescription>
          </CardHeader>
          <CardContent />
        </Card>
      )}
    </div>
  );
}
