import { useState } from 'react';
import { Check, Copy, ExternalLink, Link2, Pencil, Share2 } from 'lucide-react';
import { SlugEditForm } from '@web/components/slug-edit-form';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';

interface PublicLinkCardProps {
  slug: string | null;
  link: string | null;
  copied: boolean;
  onCopy: () => void;
  onShared: () => void;
}

/** The Public Student Link card (product.md §2): the link, copy, share, and the slug edit mode. */
export function PublicLinkCard({ slug, link, copied, onCopy, onShared }: PublicLinkCardProps) {
  const [editing, setEditing] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function handleShare() {
    if (!link) return;
    try {
      await navigator.share({ title: 'Our classes', url: link });
      onShared();
    } catch {
      /* the owner closed the share sheet */
    }
  }

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <Link2 aria-hidden="true" className="size-5 text-primary" />
          <h2>Public Student Link</h2>
        </CardTitle>
        <CardDescription>
          Students open this link on any device, with no login, and pick a class.
        </CardDescription>
        {!editing && (
          <CardAction>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit<span className="sr-only"> public URL</span>
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="space-y-3">
        {editing ? (
          <SlugEditForm slug={slug} onDone={() => setEditing(false)} />
        ) : link ? (
          <>
            <p
              data-testid="public-link"
              className="rounded-md border bg-muted px-3 py-2.5 font-mono text-sm break-all"
            >
              {link}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={onCopy} size="sm">
                {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {copied ? 'Copied' : 'Copy link'}
              </Button>
              {canShare && (
                <Button onClick={handleShare} size="sm" variant="outline">
                  <Share2 aria-hidden="true" />
                  Share
                </Button>
              )}
              <Button asChild size="sm" variant="outline">
                <a href={link} target="_blank" rel="noreferrer">
                  <ExternalLink aria-hidden="true" />
                  Open<span className="sr-only"> public page in a new tab</span>
                </a>
              </Button>
            </div>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            Set a public URL to get your student link.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
