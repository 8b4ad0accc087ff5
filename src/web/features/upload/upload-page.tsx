import { useId, useRef } from 'react';
import { FormProvider } from 'react-hook-form';
import { AlertTriangle, CheckCircle2, FileVideo, Play, RotateCcw, Upload } from 'lucide-react';
import { formatSize } from '@shared/format';
import {
  BACKGROUND_DESCRIPTION_MAX,
  ENHANCEMENT_LOCKS,
  ENHANCEMENT_NOTES_MAX,
  VIDEO_DESCRIPTION_MAX,
  VIDEO_ACCEPT,
  VIDEO_MESSAGES,
  VIDEO_TITLE_MAX,
} from '@shared/videos.contract';
import { FieldError, FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { cn } from '@web/lib/utils';
import { LockedNote } from '@web/components/locked-note';
import { ClassDetailsSection } from './class-details-section';
import { InterruptedUploads } from './interrupted-uploads';
import { UploadProgressPanel } from './upload-progress-panel';
import { LogoOptions } from './logo-options';
import { RecentUploads } from './recent-uploads';
import { useEnhancementTimeText } from '@web/lib/processing-time';
import { uploadStatusText } from './upload-state';
import { useUploadFlow } from './use-upload-flow';
import { VideoDropZone } from './video-drop-zone';

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className="-mt-1 text-right text-xs text-muted-foreground tabular-nums">
      {length}/{max}
    </p>
  );
}

/** The upload screen (product.md §2, §4, §5, §8); the flow itself is useUploadFlow's. */
export function UploadPage() {
  const id = useId();
  const enhancementTime = useEnhancementTimeText();
  const videoInputRef = useRef<HTMLInputElement>(null);
  const {
    state,
    phase,
    locked,
    fileProblem,
    resumed,
    interrupted,
    replacing,
    form,
    included,
    logo,
    gymLogoUrl,
    logoMissing,
    canSubmit,
    chooseVideo,
    chooseLogo,
    removeLogo,
    setAddLogo,
    setReplaceBackground,
    chooseDifferentFile,
    discardInterrupted,
    cancelUpload,
    resumeUpload,
    submit,
  } = useUploadFlow();
  const { register, watch } = form;
  const { errors } = form.formState;
  const { file } = state;
  const replaceBackground = watch('replaceBackground');
  const addLogo = watch('addLogo');
  const logoPlacement = watch('logoPlacement');
  const descriptionLength = (watch('description') ?? '').length;
  const notesLength = (watch('enhancementNotes') ?? '').length;
  const backgroundProblem = errors.backgroundDescription?.message;

  const ids = {
    title: `${id}-title`,
    description: `${id}-description`,
    descriptionCount: `${id}-description-count`,
    background: `${id}-background`,
    backgroundSwitch: `${id}-background-switch`,
    backgroundHint: `${id}-background-hint`,
    backgroundWarning: `${id}-background-warning`,
    logoSwitch: `${id}-logo-switch`,
    notes: `${id}-notes`,
    notesCount: `${id}-notes-count`,
  };

  if (phase === 'success') {
    return (
      <div className="mx-auto w-full max-w-3xl">
        <Card>
          <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
            <span
              aria-hidden="true"
              className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary"
            >
              <CheckCircle2 className="size-8" />
            </span>
            <div role="status" className="space-y-2">
              <h1 className="text-2xl font-bold tracking-tight">{VIDEO_MESSAGES.successTitle}</h1>
              <p className="text-muted-foreground">
                {VIDEO_MESSAGES.successDescription(state.created ?? '')}
              </p>
              <p className="text-sm text-muted-foreground">Taking you to your Video Library...</p>
            </div>
          </CardContent>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Upload Video</h1>
        <p className="text-muted-foreground">
          Add a recorded class. We enhance its lighting, sound and branding: {enhancementTime}.
        </p>
      </div>

      {phase !== 'idle' && (
        <UploadProgressPanel
          phase={phase}
          state={state}
          onResume={resumeUpload}
          onChooseDifferent={chooseDifferentFile}
        />
      )}

      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2 className="text-lg">Video file</h2>
              </CardTitle>
              {phase === 'idle' && (
                <CardDescription>
                  The upload starts as soon as you choose the file: fill in the details while it
                  goes. An interrupted upload picks up where it stopped.
                </CardDescription>
              )}
            </CardHeader>
            <CardContent className="space-y-4">
              {replacing && (
                <p
                  className="flex gap-2 rounded-lg border bg-muted/30 p-3 text-sm"
                  data-testid="replacing"
                >
                  <RotateCcw aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span>
                    Replacing <strong className="font-medium">{replacing.title}</strong>: its
                    details are filled in below. The failed video is deleted when you choose the new
                    file.
                  </span>
                </p>
              )}
              {phase === 'idle' && (
                <>
                  <InterruptedUploads uploads={interrupted} onDiscard={discardInterrupted} />
                  <VideoDropZone onFile={chooseVideo} problem={fileProblem} />
                </>
              )}

              {file && phase !== 'idle' && (
                <div className="space-y-3">
                  <div className="flex items-center gap-3 rounded-lg border bg-muted/30 p-3">
                    <span
                      aria-hidden="true"
                      className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary"
                    >
                      <FileVideo className="size-5" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium" title={file.name}>
                        {file.name}
                      </p>
                      <p className="text-xs text-muted-foreground">{formatSize(file.size)}</p>
                    </div>
                    {!locked && (
                      <>
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          onClick={() => videoInputRef.current?.click()}
                        >
                          Change
                        </Button>
                        <input
                          ref={videoInputRef}
                          type="file"
                          accept={VIDEO_ACCEPT}
                          className="sr-only"
                          tabIndex={-1}
                          aria-label="Replace video file"
                          onChange={(event) => {
                            const next = event.target.files?.[0];
                            event.target.value = '';
                            if (next) chooseVideo(next);
                          }}
                        />
                      </>
                    )}
                  </div>
                  <FieldError id={`${id}-file-problem`} message={fileProblem} />
                  {resumed && (
                    <p className="flex items-center gap-2 text-sm text-muted-foreground">
                      <RotateCcw aria-hidden="true" className="size-4 shrink-0" />
                      An earlier upload of this file was interrupted. It continues where it stopped.
                    </p>
                  )}
                </div>
              )}
            </CardContent>
          </Card>

          {phase !== 'idle' && (
            <>
              <Card>
                <CardHeader>
                  <CardTitle>
                    <h2 className="text-lg">Title and description</h2>
                  </CardTitle>
                </CardHeader>
                <CardContent className="space-y-5">
                  <FormField id={ids.title} label="Title" error={errors.title?.message}>
                    {(control) => (
                      <Input
                        {...control}
                        maxLength={VIDEO_TITLE_MAX}
                        disabled={locked}
                        {...register('title')}
                      />
                    )}
                  </FormField>
                  <FormField
                    id={ids.description}
                    label={
                      <>
                        Description{' '}
                        <span className="font-normal text-muted-foreground">(optional)</span>
                      </>
                    }
                    error={errors.description?.message}
                    describedBy={ids.descriptionCount}
                  >
                    {(control) => (
                      <Textarea
                        {...control}
                        maxLength={VIDEO_DESCRIPTION_MAX}
                        disabled={locked}
                        placeholder="What riders can expect from this class"
                        className="min-h-20"
                        {...register('description')}
                      />
                    )}
                  </FormField>
                  <Counter
                    id={ids.descriptionCount}
                    length={descriptionLength}
                    max={VIDEO_DESCRIPTION_MAX}
                  />
                </CardContent>
              </Card>

              <ClassDetailsSection disabled={locked} />

              <Card>
                <CardHeader>
                  <CardTitle>
                    <h2 className="text-lg">Enhancement</h2>
                  </CardTitle>
                  <CardDescription>
                    Tell us how this class should look once it is enhanced.
                  </CardDescription>
                </CardHeader>
                <CardContent className="space-y-6">
                  <div className="space-y-2" data-testid="enhancement-included">
                    <p className="flex items-start gap-2 text-sm">
                      <CheckCircle2
                        aria-hidden="true"
                        className="mt-0.5 size-4 shrink-0 text-success"
                      />
                      {included.addLogo
                        ? 'Every class gets lighting correction, white balance, a light denoise and levelled sound.'
                        : 'Every class gets lighting correction and levelled sound.'}
                    </p>
                    {!included.addLogo && (
                      <LockedNote
                        feature="advancedEnhancement"
                        message={ENHANCEMENT_LOCKS.colour}
                      />
                    )}
                  </div>

                  <div className="space-y-3">
                    <div
                      className={cn(
                        'flex items-center justify-between gap-4',
                        // Greyed by colour, not opacity: the words stay readable (contrast).
                        !included.replaceBackground && 'text-muted-foreground',
                      )}
                    >
                      <div className="space-y-1">
                        <Label htmlFor={ids.backgroundSwitch}>Replace Background</Label>
                        <p id={ids.backgroundHint} className="text-sm text-muted-foreground">
                          Swap the studio behind the instructor for a scene you describe.
                        </p>
                      </div>
                      <Switch
                        id={ids.backgroundSwitch}
                        checked={replaceBackground}
                        disabled={locked || !included.replaceBackground}
                        aria-describedby={ids.backgroundHint}
                        onCheckedChange={setReplaceBackground}
                      />
                    </div>
                    {!included.replaceBackground && (
                      <LockedNote
                        feature="premiumEnhancement"
                        message={ENHANCEMENT_LOCKS.background}
                      />
                    )}
                    {replaceBackground && (
                      <div className="space-y-2">
                        <Label htmlFor={ids.background}>Background description</Label>
                        <Textarea
                          id={ids.background}
                          maxLength={BACKGROUND_DESCRIPTION_MAX}
                          disabled={locked}
                          placeholder="e.g. A sunrise over mountains"
                          aria-describedby={backgroundProblem ? ids.backgroundWarning : undefined}
                          {...register('backgroundDescription')}
                        />
                        {backgroundProblem && (
                          <p
                            id={ids.backgroundWarning}
                            className="flex items-center gap-2 text-sm font-medium"
                          >
                            <AlertTriangle
                              aria-hidden="true"
                              className="size-4 shrink-0 text-warning"
                            />
                            {backgroundProblem}
                          </p>
                        )}
                      </div>
                    )}
                  </div>

                  <div className="space-y-3">
                    <div
                      className={cn(
                        'flex items-center justify-between gap-4',
                        // Greyed by colour, not opacity: the words stay readable (contrast).
                        !included.addLogo && 'text-muted-foreground',
                      )}
                    >
                      <div className="space-y-1">
                        <Label htmlFor={ids.logoSwitch}>Add Logo</Label>
                        <p className="text-sm text-muted-foreground">
                          Place your gym's logo on the video.
                        </p>
                      </div>
                      <Switch
                        id={ids.logoSwitch}
                        checked={addLogo}
                        disabled={locked || !included.addLogo}
                        onCheckedChange={setAddLogo}
                      />
                    </div>
                    {!included.addLogo && (
                      <LockedNote feature="advancedEnhancement" message={ENHANCEMENT_LOCKS.logo} />
                    )}
                    {addLogo && (
                      <LogoOptions
                        video={file}
                        logo={logo}
                        gymLogoUrl={gymLogoUrl}
                        placement={logoPlacement}
                        onPlacementChange={(next) =>
                          form.setValue('logoPlacement', next, { shouldDirty: true })
                        }
                        logoMissing={logoMissing}
                        busy={locked}
                        onChooseLogo={chooseLogo}
                        onRemoveLogo={removeLogo}
                      />
                    )}
                  </div>

                  <FormField
                    id={ids.notes}
                    label={
                      <>
                        Enhancement notes{' '}
                        <span className="font-normal text-muted-foreground">(optional)</span>
                      </>
                    }
                    error={errors.enhancementNotes?.message}
                    describedBy={ids.notesCount}
                  >
                    {(control) => (
                      <Textarea
                        {...control}
                        maxLength={ENHANCEMENT_NOTES_MAX}
                        disabled={locked}
                        placeholder="e.g. The left side of the room is dark; the music is too quiet"
                        {...register('enhancementNotes')}
                      />
                    )}
                  </FormField>
                  <Counter id={ids.notesCount} length={notesLength} max={ENHANCEMENT_NOTES_MAX} />
                </CardContent>
              </Card>

              <div className="space-y-3">
                {(phase === 'waiting' || phase === 'saving') && (
                  <p
                    className="text-right text-sm text-muted-foreground"
                    data-testid="submit-status"
                  >
                    {uploadStatusText(phase, state)}
                  </p>
                )}
                <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                  {phase === 'sending' || phase === 'waiting' ? (
                    <Button type="button" variant="outline" onClick={cancelUpload}>
                      Cancel upload
                    </Button>
                  ) : phase === 'stopped' ? (
                    <>
                      <Button type="button" variant="outline" onClick={chooseDifferentFile}>
                        Choose Different File
                      </Button>
                      <Button type="button" variant="outline" onClick={resumeUpload}>
                        <Play aria-hidden="true" />
                        Continue upload
                      </Button>
                    </>
                  ) : (
                    phase === 'sent' && (
                      <Button type="button" variant="outline" onClick={chooseDifferentFile}>
                        Choose Different File
                      </Button>
                    )
                  )}
                  <Button type="submit" disabled={!canSubmit}>
                    <Upload aria-hidden="true" />
                    {locked ? 'Uploading...' : 'Upload Video'}
                  </Button>
                </div>
              </div>
            </>
          )}
        </form>
      </FormProvider>

      <RecentUploads idle={phase === 'idle'} />
    </div>
  );
}
