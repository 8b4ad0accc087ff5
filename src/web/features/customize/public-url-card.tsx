import { useState } from 'react';
import { ExternalLink, Globe, Link2, Pencil } from 'lucide-react';
import { BRANDING_LOCKS, type BrandingDto } from '@shared/branding.contract';
import { publicGymUrl } from '@shared/slug.contract';
import { CustomDomainForm } from '@web/components/custom-domain-form';
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
import { useSaveDomain, useVerifyDomain } from './api/branding';
import { LockedNote } from '@web/components/locked-note';

/** The public student link with the slug edit mode (product.md §2, §4: edit vs save/cancel). */
export function PublicUrlCard({ slug }: { slug: string | null }) {
  const origin = window.location.origin;
  const [editing, setEditing] = useState(false);
  const link = slug ? publicGymUrl(origin, slug) : null;

  return (
    <Card className="gap-4" data-testid="public-url-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Link2 aria-hidden="true" className="size-5 text-primary" />
          <h2>Public URL</h2>
        </CardTitle>
        <CardDescription>
          Where riders find your classes. Old links keep working after a change.
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
      <CardContent>
        {editing ? (
          <SlugEditForm slug={slug} onDone={() => setEditing(false)} />
        ) : link ? (
          <div className="flex flex-wrap items-center gap-2">
            <p
              className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all"
              data-testid="customize-public-link"
            >
              {link}
            </p>
            <Button asChild size="sm" variant="outline">
              <a href={link} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden="true" />
                Open<span className="sr-only"> public page in a new tab</span>
              </a>
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            Set a public URL to get your student link.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** product.md §9: a custom domain on plans that include one; otherwise, where to get one. */
export function CustomDomainCard({ branding }: { branding: BrandingDto }) {
  const save = useSaveDomain();
  const verify = useVerifyDomain();

  return (
    <Card className="gap-4" data-testid="custom-domain-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Globe aria-hidden="true" className="size-5 text-primary" />
          <h2>Custom Domain</h2>
        </CardTitle>
        <CardDescription>
          Open your class page on your own address, like classes.yourgym.com.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {branding.customDomainAllowed ? (
          <CustomDomainForm
            domain={branding}
            removedDescription="Your classes are at your public URL only."
            save={async (next) => {
              const response = await save.mutateAsync(next);
              return { message: response.message, domain: response.branding };
            }}
            verify={async () => {
              const response = await verify.mutateAsync();
              return { message: response.message, domain: response.branding };
            }}
          />
        ) : (
          <LockedNote feature="customDomain" message={BRANDING_LOCKS.customDomain} />
        )}
      </CardContent>
    </Card>
  );
}
