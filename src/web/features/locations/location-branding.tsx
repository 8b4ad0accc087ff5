import { useId } from 'react';
import { ImageUp, RotateCcw } from 'lucide-react';
import { FilePickButton } from '@web/components/file-pick-button';
import type { LocationDto, LocationResponse } from '@shared/locations.contract';
import { LOGO_ACCEPT } from '@shared/videos.contract';
import { CustomDomainForm, type DomainAnswer } from '@web/components/custom-domain-form';
import { LogoMark } from '@web/components/logo';
import { Button } from '@web/components/ui/button';
import { failureMessage } from '@web/lib/api';
import { checkLogoFile, logoUploadFailure } from '@web/lib/logo-file';
import { toast } from '@web/lib/use-toast';
import {
  useRemoveLocationLogo,
  useSaveLocationDomain,
  useUploadLocationLogo,
  useVerifyLocationDomain,
} from './api/locations';

/** The location as a change answered it: its message and the location's domain now. */
function answerFor(id: string, response: LocationResponse): DomainAnswer {
  const location = response.locations.locations.find((l) => l.id === id);
  if (!location) throw new Error('This location no longer exists. Please reload the page.');
  return { message: response.message, domain: location };
}

/**
 * A further location's own logo and custom domain (issue #18 part 5, Elite Studio): each falls back
 * to the gym's when the location has none of its own.
 */
export function LocationBranding({ location }: { location: LocationDto }) {
  const saveDomain = useSaveLocationDomain();
  const verifyDomain = useVerifyLocationDomain();

  return (
    <div className="grid gap-5 rounded-lg border p-4" data-testid="location-branding">
      <LocationLogo location={location} />
      <section className="grid gap-2" aria-label={`Custom domain of ${location.name}`}>
        <h3 className="text-sm font-semibold">Custom domain</h3>
        <p className="text-sm text-muted-foreground">
          Open this location&rsquo;s page on its own address, like downtown.yourgym.com.
        </p>
        <CustomDomainForm
          domain={location}
          labelSuffix={`for ${location.name}`}
          removedDescription={`${location.name} is at its public URL only.`}
          save={async (domain) =>
            answerFor(location.id, await saveDomain.mutateAsync({ id: location.id, domain }))
          }
          verify={async () => answerFor(location.id, await verifyDomain.mutateAsync(location.id))}
        />
      </section>
    </div>
  );
}

function LocationLogo({ location }: { location: LocationDto }) {
  const id = useId();
  const upload = useUploadLocationLogo();
  const remove = useRemoveLocationLogo();
  const own = location.overrides.logoUrl !== null;
  const busy = upload.isPending || remove.isPending;

  function handleFile(file: File) {
    const problem = checkLogoFile(file);
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    upload.mutate(
      { id: location.id, file },
      {
        onSuccess: (response) => toast({ title: response.message }),
        onError: (error) => toast({ ...logoUploadFailure(error), variant: 'destructive' }),
      },
    );
  }

  function backToGymLogo() {
    remove.mutate(location.id, {
      onSuccess: (response) => toast({ title: response.message }),
      onError: (error) =>
        toast({
          title: 'Logo not removed',
          description: failureMessage(error, 'Unable to remove the logo. Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  return (
    <section className="grid gap-2" aria-label={`Logo of ${location.name}`}>
      <h3 className="text-sm font-semibold">Logo</h3>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div
          className="flex size-16 shrink-0 items-center justify-center rounded-lg border bg-white p-1.5"
          data-testid="location-logo"
        >
          {location.logoUrl ? (
            <img
              src={location.logoUrl}
              alt={own ? `${location.name} logo` : 'Your gym’s logo'}
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <LogoMark className="size-10" />
          )}
        </div>
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground" id={`${id}-hint`}>
            {own
              ? 'Its own logo. Upload another to replace it.'
              : 'Your gym’s logo. Upload one for this location only: PNG, JPG, WebP, GIF or SVG, up to 5MB.'}
          </p>
          <div className="flex flex-wrap gap-2">
            <FilePickButton
              accept={LOGO_ACCEPT}
              onFile={handleFile}
              busy={upload.isPending}
              disabled={remove.isPending}
              icon={<ImageUp aria-hidden="true" />}
              inputTestId="location-logo-input"
              describedBy={`${id}-hint`}
            >
              {upload.isPending ? 'Uploading...' : 'Upload logo'}
              <span className="sr-only"> for {location.name}</span>
            </FilePickButton>
            {own && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={backToGymLogo}
              >
                <RotateCcw aria-hidden="true" />
                Use the gym&rsquo;s logo
              </Button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
