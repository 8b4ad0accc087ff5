import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, CheckCircle2, Eye, RotateCcw, Save } from 'lucide-react';
import type { z } from 'zod';
import {
  BRANDING_DEFAULTS,
  BRANDING_LOCKS,
  brandingOnPlan,
  updateBrandingBody,
  type BrandingDto,
} from '@shared/branding.contract';
import { brandPalette, HEX_COLOR_PATTERN } from '@shared/color';
import { isGymRedirect, type PublicGymBranding } from '@shared/gyms.contract';
import { COMPANY_DESCRIPTION_MAX } from '@shared/onboarding.contract';
import { planIncludes } from '@shared/plan-features';
import { classesToShow } from '@web/components/gym/gym-classes';
import { GymView } from '@web/components/gym/gym-view';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { failureMessage } from '@web/lib/api';
import { useCurrentUser } from '@web/lib/session';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { useBranding, useOwnGym, useSaveBranding } from './api/branding';
import { ColourField } from './colour-field';
import { FullCustomizationCard } from './full-customization-card';
import { LockedNote } from '@web/components/locked-note';
import { LogoCard } from './logo-card';
import { CustomDomainCard, PublicUrlCard } from './public-url-card';

const brandingForm = updateBrandingBody.pick({
  gymName: true,
  description: true,
  primaryColor: true,
  secondaryColor: true,
  displayFont: true,
});

type FormValues = z.input<typeof brandingForm>;

function valuesOf(branding: BrandingDto): FormValues {
  return {
    gymName: branding.gymName,
    description: branding.description,
    primaryColor: branding.primaryColor,
    secondaryColor: branding.secondaryColor,
    displayFont: branding.displayFont,
  };
}

/** /customize (product.md §2 Gym Customization): the gym's look, as riders will see it. */
export function CustomizePage() {
  const { user } = useCurrentUser();
  const branding = useBranding();

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Gym Customization</h1>
        <p className="text-muted-foreground">
          Your logo, name and colors on the page your riders open. Options your plan does not
          include are shown with the plan that unlocks them.
        </p>
      </div>
      {branding.isError ? (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-lg border border-destructive/40 p-4 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="size-4 text-destructive-text" />
          Unable to load your branding. Please reload the page.
        </div>
      ) : !branding.data || !user ? (
        <div className="space-y-4" role="status" aria-label="Loading">
          <Skeleton className="h-40 w-full max-w-3xl" />
          <Skeleton className="h-64 w-full max-w-3xl" />
        </div>
      ) : (
        <BrandingEditor
          branding={branding.data.branding}
          slug={user.companySlug}
          plan={user.plan}
        />
      )}
    </div>
  );
}

function BrandingEditor({
  branding,
  slug,
  plan,
}: {
  branding: BrandingDto;
  slug: string | null;
  plan: string;
}) {
  const id = useId();
  const [preview, setPreview] = useState(false);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [removeHero, setRemoveHero] = useState(false);
  const save = useSaveBranding();
  // What the plan includes (issue #18 part 3): the rest is shown locked, with what unlocks it.
  const custom = planIncludes(plan, 'customBranding');
  const full = planIncludes(plan, 'fullBranding');
  const elite = planIncludes(plan, 'fullCustomization');
  const ownGym = useOwnGym(slug);

  const {
    register,
    control,
    handleSubmit,
    watch,
    reset,
    setValue,
    formState: { errors, isDirty },
  } = useForm<FormValues, unknown, z.output<typeof brandingForm>>({
    resolver: zodResolver(brandingForm),
    defaultValues: valuesOf(branding),
    mode: 'onChange',
  });

  // A logo upload saves at once: the draft's logo follows the saved one.
  useEffect(() => {
    setRemoveLogo(false);
  }, [branding.logoUrl]);
  useEffect(() => {
    setRemoveHero(false);
  }, [branding.heroImage]);

  const draft = watch();
  const primary = HEX_COLOR_PATTERN.test(draft.primaryColor)
    ? draft.primaryColor
    : branding.primaryColor;
  const secondary = HEX_COLOR_PATTERN.test(draft.secondaryColor)
    ? draft.secondaryColor
    : branding.secondaryColor;
  const palette = useMemo(() => brandPalette(primary, secondary), [primary, secondary]);
  const descriptionLength = (draft.description ?? '').length;
  const logoUrl = removeLogo ? null : branding.logoUrl;
  const unsaved = isDirty || removeLogo || removeHero;

  function onSubmit(values: z.output<typeof brandingForm>) {
    save.mutate(
      { ...values, removeLogo, removeHeroImage: removeHero },
      {
        onSuccess: (response) => {
          reset(valuesOf(response.branding));
          setRemoveLogo(false);
          setRemoveHero(false);
          toast({
            title: 'Changes saved',
            description: 'Your class page now shows your branding.',
          });
        },
        onError: (error) => {
          toast({
            title: 'Save failed',
            description: failureMessage(error, 'Failed to save your changes. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  /** Back to Cadence's look, in what the plan lets the owner change (removing is always allowed). */
  function resetToDefault() {
    const options = { shouldDirty: true, shouldValidate: true } as const;
    if (full) setValue('description', BRANDING_DEFAULTS.description, options);
    if (custom) {
      setValue('primaryColor', BRANDING_DEFAULTS.primaryColor, options);
      setValue('secondaryColor', BRANDING_DEFAULTS.secondaryColor, options);
    }
    if (elite) setValue('displayFont', null, options);
    if (branding.logoUrl) setRemoveLogo(true);
    toast({
      title: 'Defaults restored',
      description: 'Save Changes to apply them to your class page.',
    });
  }

  // The preview shows what riders will see on the owner's plan, as the public answer does.
  const shown = brandingOnPlan({
    plan,
    primaryColor: palette.primary,
    secondaryColor: palette.secondary,
    description: draft.description?.trim() || null,
    logoUrl,
    heroImage: removeHero ? null : branding.heroImage,
    displayFont: draft.displayFont ?? null,
  });
  const shownPalette = custom ? palette : brandPalette(shown.primaryColor, shown.secondaryColor);
  const previewBranding: PublicGymBranding = {
    primaryColor: shownPalette.primary,
    secondaryColor: shownPalette.secondary,
    primaryTextColor: shownPalette.onPrimary,
    secondaryTextColor: shownPalette.onSecondary,
    accentColor: shownPalette.accentOnSecondary,
    description: shown.description,
    poweredByCadence: shown.poweredByCadence,
    heroImage: shown.heroImage,
    displayFont: shown.displayFont,
  };
  const ownVideos = ownGym.data && !isGymRedirect(ownGym.data) ? ownGym.data.videos : [];
  const { classes, isDemo } = classesToShow(ownVideos);

  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between gap-4 rounded-xl border bg-card p-4">
        <div className="flex items-center gap-3">
          <Eye aria-hidden="true" className="size-5 text-muted-foreground" />
          <div>
            <Label htmlFor={`${id}-preview`} className="text-base">
              Live preview
            </Label>
            <p className="text-sm text-muted-foreground">
              See your class page as riders will, while you edit.
            </p>
          </div>
        </div>
        <Switch id={`${id}-preview`} checked={preview} onCheckedChange={setPreview} />
      </div>

      <div className={cn('grid gap-6', preview && 'xl:grid-cols-[minmax(0,30rem)_minmax(0,1fr)]')}>
        <form
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          className={cn('min-w-0 space-y-6', !preview && 'max-w-3xl')}
          aria-label="Branding"
        >
          <LogoCard
            logoUrl={logoUrl}
            pendingRemoval={removeLogo}
            onUploaded={() => setRemoveLogo(false)}
            onRemove={() => setRemoveLogo(true)}
            locked={!custom}
          />

          <ClassPageCard full={full} />

          <Card className="gap-4">
            <CardHeader>
              <CardTitle>
                <h2>Gym Details</h2>
              </CardTitle>
              <CardDescription>The name and words at the top of your class page.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              <FormField id={`${id}-name`} label="Gym name" error={errors.gymName?.message}>
                {(aria) => <Input {...aria} autoComplete="organization" {...register('gymName')} />}
              </FormField>
              <FormField
                id={`${id}-description`}
                label="Description"
                error={errors.description?.message}
                describedBy={`${id}-count`}
              >
                {(aria) => (
                  // Read-only, not disabled, when locked: the saved words go back unchanged.
                  <Textarea
                    {...aria}
                    className="min-h-[100px] read-only:cursor-not-allowed read-only:opacity-60"
                    readOnly={!full}
                    {...register('description')}
                  />
                )}
              </FormField>
              <p
                id={`${id}-count`}
                className={cn(
                  '-mt-3 text-right text-sm tabular-nums',
                  descriptionLength > COMPANY_DESCRIPTION_MAX
                    ? 'font-medium text-destructive-text'
                    : 'text-muted-foreground',
                )}
                data-testid="description-count"
              >
                {descriptionLength}/{COMPANY_DESCRIPTION_MAX}
              </p>
              {!full && <LockedNote feature="fullBranding" message={BRANDING_LOCKS.description} />}
            </CardContent>
          </Card>

          <Controller
            control={control}
            name="displayFont"
            render={({ field }) => (
              <FullCustomizationCard
                branding={branding}
                allowed={elite}
                font={field.value ?? null}
                onFontChange={field.onChange}
                heroPendingRemoval={removeHero}
                onRemoveHero={() => setRemoveHero(true)}
              />
            )}
          />

          <Card className="gap-4">
            <CardHeader>
              <CardTitle>
                <h2>Colors</h2>
              </CardTitle>
              <CardDescription>
                Text on your colors is picked automatically to stay readable.
              </CardDescription>
            </CardHeader>
            <CardContent className="space-y-6">
              <Controller
                control={control}
                name="primaryColor"
                render={({ field }) => (
                  <ColourField
                    name="primary"
                    label="Primary color"
                    hint="Buttons, badges and highlights."
                    value={field.value}
                    onChange={field.onChange}
                    fallback={branding.primaryColor}
                    error={errors.primaryColor?.message}
                    disabled={!custom}
                  />
                )}
              />
              <Controller
                control={control}
                name="secondaryColor"
                render={({ field }) => (
                  <ColourField
                    name="secondary"
                    label="Secondary color"
                    hint="The header behind your logo and name."
                    value={field.value}
                    onChange={field.onChange}
                    fallback={branding.secondaryColor}
                    error={errors.secondaryColor?.message}
                    disabled={!custom}
                  />
                )}
              />
              {!custom && <LockedNote feature="customBranding" message={BRANDING_LOCKS.colors} />}
              {!palette.readable && (
                <div
                  role="status"
                  className="flex gap-3 rounded-lg border border-warning/60 bg-warning/10 p-3 text-sm"
                  data-testid="contrast-warning"
                >
                  <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <div className="space-y-1">
                    <p className="font-medium">Hard-to-read color pair</p>
                    {palette.issues.map((issue) => (
                      <p key={issue.kind}>{issue.message}</p>
                    ))}
                  </div>
                </div>
              )}
            </CardContent>
            <CardFooter className="flex flex-col-reverse gap-2 border-t sm:flex-row sm:justify-between">
              <Button
                type="button"
                variant="outline"
                onClick={resetToDefault}
                disabled={save.isPending}
              >
                <RotateCcw aria-hidden="true" />
                Reset to Default
              </Button>
              <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center">
                {unsaved && (
                  <span className="text-center text-sm text-muted-foreground" data-testid="unsaved">
                    Unsaved changes
                  </span>
                )}
                <Button type="submit" disabled={save.isPending}>
                  <Save aria-hidden="true" />
                  {save.isPending ? 'Saving...' : 'Save Changes'}
                </Button>
              </div>
            </CardFooter>
          </Card>
        </form>

        {preview && (
          <section
            aria-labelledby={`${id}-preview-title`}
            className="order-first min-w-0 xl:order-last"
          >
            <div className="space-y-2 xl:sticky xl:top-4">
              <h2 id={`${id}-preview-title`} className="text-sm font-medium text-muted-foreground">
                Preview: your class page
              </h2>
              <div
                tabIndex={0}
                aria-label="Preview of your class page"
                className="max-h-[75svh] overflow-auto rounded-xl border shadow-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                data-testid="branding-preview"
              >
                <GymView
                  preview
                  name={draft.gymName?.trim() || branding.gymName}
                  logoUrl={logoUrl}
                  branding={previewBranding}
                  classes={classes}
                  isDemo={isDemo}
                  onStartClass={() => undefined}
                />
              </div>
            </div>
          </section>
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <PublicUrlCard slug={slug} />
        <CustomDomainCard branding={branding} />
      </div>
    </div>
  );
}

/** Full branding's two effects on the class page (nothing to set): included, or locked. */
function ClassPageCard({ full }: { full: boolean }) {
  const items = [
    {
      name: 'Page icon',
      included: 'Your logo shows in the browser tab of your class page.',
      locked: BRANDING_LOCKS.pageIcon,
    },
    {
      name: '“Powered by Cadence”',
      included: 'Your class page does not show “Powered by Cadence”.',
      locked: BRANDING_LOCKS.poweredBy,
    },
  ];
  return (
    <Card className="gap-4" data-testid="class-page-card">
      <CardHeader>
        <CardTitle>
          <h2>Class Page</h2>
        </CardTitle>
        <CardDescription>How your class page presents itself.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {items.map((item) => (
            <li key={item.name} className="space-y-1.5">
              <p className="text-sm font-medium">{item.name}</p>
              {full ? (
                <p className="flex items-start gap-2 text-sm text-muted-foreground">
                  <CheckCircle2
                    aria-hidden="true"
                    className="mt-0.5 size-4 shrink-0 text-success"
                  />
                  {item.included}
                </p>
              ) : (
                <LockedNote feature="fullBranding" message={item.locked} />
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
