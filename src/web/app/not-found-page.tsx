import { Link } from 'wouter';
import { ArrowLeft, CircleAlert } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@web/components/ui/card';

/** The catch-all inside the app shell for a path the router does not know (product.md §2). */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center">
      <Card className="w-full max-w-md">
        <CardHeader className="flex flex-row items-center gap-3">
          <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive-text" />
          <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">
            Did you forget to add the page to the router?
          </p>
        </CardContent>
        <CardFooter>
          <Button asChild variant="outline">
            <Link href="/dashboard">
              <ArrowLeft aria-hidden="true" />
              Back to dashboard
            </Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
