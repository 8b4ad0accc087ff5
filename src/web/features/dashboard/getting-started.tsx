import { Link } from 'wouter';
import { Check, CreditCard, Palette, Share2, Upload, type LucideIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { useEnhancementTimeText } from '@web/lib/processing-time';
import { cn } from '@web/lib/utils';

interface Step {
  title: string;
  text: string;
  icon: LucideIcon;
  done: boolean;
  action: { label: string; href?: string; onClick?: () => void };
}

/** Getting Started (product.md §2): three steps that tick when done, and 'Choose Your Plan'. */
export function GettingStarted({
  hasVideo,
  hasBranding,
  hasShared,
  onUpload,
  onShare,
}: {
  hasVideo: boolean;
  hasBranding: boolean;
  hasShared: boolean;
  onUpload: () => void;
  onShare: () => void;
}) {
  const enhancementTime = useEnhancementTimeText();
  const steps: Step[] = [
    {
      title: 'Upload your first video',
      text: `Add a recorded class; we enhance it (${enhancementTime}).`,
      icon: Upload,
      done: hasVideo,
      action: { label: 'Upload', onClick: onUpload },
    },
    {
      title: 'Customize your interface',
      text: 'Add your logo and colors so the page feels like your gym.',
      icon: Palette,
      done: hasBranding,
      action: { label: 'Customize', href: '/customize' },
    },
    {
      title: 'Share your link',
      text: 'Send the public link to your members; no login needed.',
      icon: Share2,
      done: hasShared,
      action: { label: 'Copy link', onClick: onShare },
    },
  ];
  const doneCount = steps.filter((s) => s.done).length;

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>Getting Started</h2>
        </CardTitle>
        <CardDescription>
          {doneCount === steps.length
            ? 'All set. Your studio is live.'
            : `${doneCount} of ${steps.length} steps done.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="space-y-3">
          {steps.map(({ title, text, icon: Icon, done, action }, index) => (
            <li
              key={title}
              className="flex items-start gap-3"
              data-testid={`getting-started-${index + 1}`}
              data-done={done}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full',
                  done
                    ? 'bg-emerald-600 text-white dark:bg-emerald-500 dark:text-emerald-950'
                    : 'bg-primary/10 text-primary',
                )}
              >
                {done ? <Check className="size-4" /> : <Icon className="size-4" />}
              </span>
              <div className="flex min-w-0 flex-1 flex-col items-start gap-2 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p
                    className={cn(
                      'text-sm font-medium',
                      done && 'text-muted-foreground line-through',
                    )}
                  >
                    <span className="sr-only">
                      Step {index + 1}, {done ? 'done' : 'to do'}:{' '}
                    </span>
                    {title}
                  </p>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
                {!done &&
                  (action.href ? (
                    <Button asChild size="sm" variant="outline">
                      <Link href={action.href}>{action.label}</Link>
                    </Button>
                  ) : (
                    <Button size="sm" variant="outline" onClick={action.onClick}>
                      {action.label}
                    </Button>
                  ))}
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
      <CardFooter>
        <Button asChild className="w-full sm:w-auto">
          <Link href="/subscription">
            <CreditCard aria-hidden="true" />
            Choose Your Plan
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
