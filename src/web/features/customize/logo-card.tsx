import { useId } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { FilePickButton } from '@web/components/file-pick-button';
import { BRANDING_LOCKS, LOGO_MESSAGES } from '@shared/branding.contract';
import { LOGO_ACCEPT } from '@shared/videos.contract';
import { LogoMark } from '@web/components/logo';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/lib/use-toast';
import { useUploadLogo } from './api/branding';
import { LockedNote } from '@web/components/locked-note';
import { checkLogoFile, logoUploadFailure } from '@web/lib/logo-file';

interface LogoCardProps {
  /** The logo to show: the saved one, or null for the product's own mark (default or reset). */
  logoUrl: string | null;
  /** A custom logo is saved but the draft goes back to the default on Save Changes. */
  pendingRemoval: boolean;
  onUploaded: () => void;
  onRemove: () => void;
  /** The plan has no Custom branding: no upload; a logo saved on a higher plan is kept. */
  locked: boolean;
}

/** Logo upload (product.md §2, §5 messages, §8 toasts): checked here, checked and re-encoded on the server. */
export function LogoCard({ logoUrl, pendingRemoval, onUploaded, onRemove, locked }: LogoCardProps) {
  const id = useId();
  const upload = useUploadLogo();

  function handleFile(file: File) {
    const problem = checkLogoFile(file);
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => {
        onUploaded();
        toast({ title: LOGO_MESSAGES.successTitle, description: LOGO_MESSAGES.successDescription });
      },
      onError: (error) => toast({ ...logoUploadFailure(error), variant: 'destructive' }),
    });
  }

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Logo</h2>
        </CardTitle>
        <CardDescription>
          Shown on your class page, its browser tab and your sidebar.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div
          className="flex size-24 shrink-0 items-center justify-center rounded-xl border bg-white p-2"
          data-testid="customize-logo"
        >
          {logoUrl ? (
            <img src={logoUrl} alt="Your logo" className="max-h-full max-w-full object-contain" />
          ) : (
            <LogoMark className="size-16" />
          )}
        </div>
        <div className="space-y-2">
          <p className="text-sm text-muted-foreground" id={`${id}-hint`}>
            {locked
              ? logoUrl
                ? 'Your logo is kept: your class page shows it again on a plan with Custom branding.'
                : "Your class page shows your gym's initials."
              : logoUrl
                ? 'Your logo. Upload another to replace it.'
                : pendingRemoval
                  ? 'The default logo will be used when you save your changes.'
                  : 'The default logo. Upload your own: PNG, JPG, WebP, GIF or SVG, up to 5MB.'}
          </p>
          {locked && <LockedNote feature="customBranding" message={BRANDING_LOCKS.logo} />}
          <div className="flex flex-wrap gap-2">
            {!locked && (
              <FilePickButton
                accept={LOGO_ACCEPT}
                onFile={handleFile}
                busy={upload.isPending}
                icon={<ImageUp aria-hidden="true" />}
                inputTestId="logo-input"
                describedBy={`${id}-hint`}
              >
                {upload.isPending ? 'Uploading...' : 'Upload Logo'}
              </FilePickButton>
            )}
            {logoUrl && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={onRemove}
                disabled={upload.isPending}
              >
                <Trash2 aria-hidden="true" />
                Use default logo
              </Button>
            )}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
