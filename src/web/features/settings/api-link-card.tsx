import { Link } from 'wouter';
import { ChevronRight, Code2 } from 'lucide-react';
import { WEBHOOKS_SCREEN_PATH } from '@shared/webhooks.contract';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/** Settings > API (issue #19): the way to the API keys and webhooks screen. */
export function ApiLinkCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Code2 aria-hidden="true" className="size-5 text-primary" />
          <h2>API and webhooks</h2>
        </CardTitle>
        <CardDescription>
          Keys for the Cadence API, and webhooks that tell your systems when a class is ready.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" className="w-full sm:w-auto" asChild>
          <Link href={WEBHOOKS_SCREEN_PATH}>
            Manage API keys and webhooks
            <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
