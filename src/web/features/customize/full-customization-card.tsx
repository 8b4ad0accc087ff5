import { useId } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { FilePickButton } from '@web/components/file-pick-button';
import {
  BRANDING_LOCKS,
  HERO_ACCEPT,
  HERO_MAX_BYTES,
  HERO_MESSAGES,
  type BrandingDto,
} from '@shared/branding.contract';
import { DISPLAY_FONTS, type DisplayFontId } from '@shared/display-fonts';
import { displayFontFamily, useDisplayFonts } from '@web/components/gym/display-font';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ApiError, isNetworkError } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { useUploadHero } from './api/branding';
import { LockedNote } from '@web/components/locked-note';

interface Props {
  branding: BrandingDto;
  /** The plan includes Full customization (Elite Studio). */
  allowed: boolean;
  /** The draft's font (saved with Save Changes). */
  font: DisplayFontId | null;
  onFontChange: (font: DisplayFontId | null) => void;
  /** The saved hero goes on Save Changes. */
  heroPendingRemoval: boolean;
  onRemoveHero: () => void;
}

const ALL_FONTS = DISPLAY_FONTS.map((f) => f.id);

/** Elite Studio: the public page's hero image (uploaded at once) and the headings' font. */
export function FullCustomizationCard({
  branding,
  allowed,
  font,
  onFontChange,
  heroPendingRemoval,
  onRemoveHero,
}: Props) {
  const id = useId();
  const upload = useUploadHero();
  // Each name is written in its own font: the owner sees what they choose.
  useDisplayFonts(ALL_FONTS);
  const hero = heroPendingRemoval ? null : branding.heroImage;

  function handleFile(file: File) {
    const problem = !file.type.startsWith('image/')
      ? HERO_MESSAGES.invalidType
      : file.size > HERO_MAX_BYTES
        ? HERO_MESSAGES.tooLarge
        : null;
    if (problem) {
      toast({ title: 'Upload failed', description: problem, variant: 'destructive' });
      return;
    }
    upload.mutate(file, {
      onSuccess: (response) => toast({ title: 'Success!', description: response.message }),
      onError: (error) => {
        const specific =
          !isNetworkError(error) &&
          error instanceof ApiError &&
          error.status < 500 &&
          error.status !== 401
            ? error.serverMessage
            : undefined;
        toast({
          title: 'Upload failed',
          description: specific ?? HERO_MESSAGES.uploadFailed,
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Card className="gap-4" data-testid="full-customization-card">
      <CardHeader>
        <CardTitle>
          <h2>Hero Image and Font</h2>
        </CardTitle>
        <CardDescription>
          A picture behind your name at the top of your class page, and a font for its headings.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <section className="space-y-3" aria-labelledby={`${id}-hero`}>
          <h3 id={`${id}-hero`} className="text-sm font-medium">
            Hero image
          </h3>
          <div
            className="flex aspect-[4/1] w-full items-center justify-center overflow-hidden rounded-lg border bg-muted"
            data-testid="customize-hero"
          >
            {hero ? (
              <img
                src={hero.src}
                srcSet={hero.srcSet}
                sizes="(min-width: 1280px) 40rem, 100vw"
                alt="Your hero image"
                className="size-full object-cover"
              />
            ) : (
              <span className="px-4 text-center text-sm text-muted-foreground">
                {heroPendingRemoval
                  ? 'The hero image will be removed when you save your changes.'
                  : 'No hero image'}
              </span>
            )}
          </div>
          {!allowed && (
            <LockedNote feature="fullCustomization" message={BRANDING_LOCKS.heroImage} />
          )}
          {!allowed && branding.heroImage && !heroPendingRemoval && (
            <p className="text-sm text-muted-foreground">
              Your hero image is kept: your class page shows it again on Elite Studio.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {allowed && (
              <FilePickButton
                accept={HERO_ACCEPT}
                onFile={handleFile}
                busy={upload.isPending}
                icon={<ImageUp aria-hidden="true" />}
                inputTestId="hero-input"
                describedBy={`${id}-hero-hint`}
              >
                {upload.isPending ? 'Uploading...' : hero ? 'Replace Image' : 'Upload Image'}
              </FilePickButton>
            )}
            {hero && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={onRemoveHero}
                disabled={upload.isPending}
              >
                <Trash2 aria-hidden="true" />
                Remove image
              </Button>
            )}
          </div>
          {allowed && (
            <p id={`${id}-hero-hint`} className="text-sm text-muted-foreground">
              A wide photo works best: JPG, PNG, WebP, AVIF or GIF, at least 640 pixels wide, up to
              10MB.
            </p>
          )}
        </section>

        <fieldset className="space-y-3 disabled:opacity-60" disabled={!allowed}>
          <legend className="text-sm font-medium">Display font</legend>
          <p className="-mt-1 text-sm text-muted-foreground">
            For your gym&apos;s name and the headings of your class page.
          </p>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="font-choices">
            {[null, ...ALL_FONTS].map((option) => {
              const checked = font === option;
              const label = option
                ? DISPLAY_FONTS.find((f) => f.id === option)!.name
                : 'Cadence default';
              return (
                <label
                  key={option ?? 'default'}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-lg border p-3 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 has-[:disabled]:cursor-not-allowed',
                    checked && 'border-primary bg-primary/5',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-font`}
                    value={option ?? ''}
                    checked={checked}
                    onChange={() => onFontChange(option)}
                    className="size-4 accent-primary"
                  />
                  <span
                    className="text-lg leading-tight font-bold"
                    style={option ? { fontFamily: displayFontFamily(option) } : undefined}
                  >
                    {label}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        {!allowed && (
          <LockedNote
            feature="fullCustomization"
            message={BRANDING_LOCKS.displayFont}
            className="-mt-3"
          />
        )}
      </CardContent>
    </Card>
  );
}
