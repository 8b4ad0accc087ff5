import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import {
  AlertTriangle,
  CheckCircle2,
  FileVideo,
  ImageIcon,
  RotateCcw,
  Upload,
  X,
} from 'lucide-react';
import { formatSize } from '@shared/format';
import {
  BACKGROUND_DESCRIPTION_MAX,
  checkLogoFile,
  checkVideoFile,
  ENHANCEMENT_NOTES_MAX,
  LOGO_ACCEPT,
  titleFromFileName,
  VIDEO_DESCRIPTION_MAX,
  VIDEO_ACCEPT,
  VIDEO_MESSAGES,
  VIDEO_TITLE_MAX,
} from '@shared/videos.contract';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { refetchOwnerVideos } from '@web/lib/owner-videos';
import { onPendingUploadFile, takePendingUploadFile } from '@web/lib/pending-upload';
import { toast } from '@web/lib/use-toast';
import { createVideo } from './api/create-video';
import { uploadLogoFile } from './api/upload-logo-file';
import { UploadStepError } from './api/upload-step-error';
import { hasResumableUpload, uploadVideoFile, type VideoUpload } from './api/upload-video-file';
import { TransferMeter } from './transfer-meter';
import { UploadProgressPanel } from './upload-progress-panel';
import { RecentUploads } from './recent-uploads';
import { initialUploadState, reusable, uploadReducer, type UploadStep } from './upload-state';
import { VideoDropZone } from './video-drop-zone';

/** Spec §2/§9: after success the screen moves to the library after 2 s. */
export const REDIRECT_AFTER_SUCCESS_MS = 2000;
/** Error text that keeps 4.5:1 on the card in both themes (the dark theme's red is a fill colour). */
const ERROR_TEXT = 'text-destructive dark:text-red-400';
/** Progress is redrawn at most this often. */
const PROGRESS_EVERY_MS = 200;

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className="text-right text-xs text-muted-foreground tabular-nums">
      {length}/{max}
    </p>
  );
}

/** The upload screen (spec §2, §4, §5, §8). */
export function UploadPage() {
  const id = useId();
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [resumable, setResumable] = useState(false);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [replaceBackground, setReplaceBackground] = useState(false);
  const [backgroundDescription, setBackgroundDescription] = useState('');
  const [addLogo, setAddLogo] = useState(false);
  const [logo, setLogo] = useState<File | null>(null);
  const [enhancementNotes, setEnhancementNotes] = useState('');
  const videoInputRef = useRef<HTMLInputElement>(null);
  const logoInputRef = useRef<HTMLInputElement>(null);
  const activeUpload = useRef<VideoUpload | null>(null);
  const cancelled = useRef(false);
  const meter = useRef(new TransferMeter());
  const lastProgressAt = useRef(0);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  const { phase, file } = state;
  const busy = phase === 'uploading' || phase === 'success';

  function chooseVideo(candidate: File) {
    const problem = checkVideoFile(candidate);
    if (problem) {
      // Spec §5: the invalid file is not kept as the selection.
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      setFileProblem(
        problem.title === VIDEO_MESSAGES.tooLargeTitle
          ? VIDEO_MESSAGES.tooLargeAlert
          : VIDEO_MESSAGES.invalidTypeAlert,
      );
      return;
    }
    setFileProblem(null);
    dispatch({ type: 'select', file: candidate });
    setTitle(titleFromFileName(candidate.name));
    setResumable(false);
    void hasResumableUpload(candidate).then(setResumable);
  }
  const chooseVideoRef = useRef(chooseVideo);
  chooseVideoRef.current = chooseVideo;

  // A file picked through the dashboard's upload button arrives here (spec §2).
  useEffect(() => {
    const take = () => {
      const pending = takePendingUploadFile();
      if (pending) chooseVideoRef.current(pending);
    };
    take();
    return onPendingUploadFile(take);
  }, []);

  useEffect(() => {
    if (phase !== 'success') return;
    const timer = window.setTimeout(() => navigate('/videos'), REDIRECT_AFTER_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

  // Leaving mid-upload loses nothing (it resumes), but say so before the page goes.
  useEffect(() => {
    if (phase !== 'uploading') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [phase]);

  useEffect(() => () => activeUpload.current?.abort(), []);

  function chooseLogo(candidate: File) {
    const problem = checkLogoFile(candidate);
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    setLogo(candidate);
  }

  function toggleLogo(on: boolean) {
    setAddLogo(on);
    if (!on) setLogo(null); // spec §5: turning it off clears the chosen logo
  }

  function chooseDifferentFile() {
    activeUpload.current?.abort();
    dispatch({ type: 'reset' });
    setTitle('');
    setDescription('');
    setReplaceBackground(false);
    setBackgroundDescription('');
    setAddLogo(false);
    setLogo(null);
    setEnhancementNotes('');
    setFileProblem(null);
    setResumable(false);
  }

  function cancelUpload() {
    cancelled.current = true;
    activeUpload.current?.abort();
    activeUpload.current = null;
    dispatch({ type: 'cancel' });
    if (file) void hasResumableUpload(file).then(setResumable);
  }

  const titleMissing = title.trim() === '';
  const logoMissing = addLogo && !logo;
  const backgroundMissing = replaceBackground && backgroundDescription.trim() === '';
  const canSubmit =
    (phase === 'fileSelected' || phase === 'error') &&
    !titleMissing &&
    !logoMissing &&
    !backgroundMissing;
  const steps: UploadStep[] = addLogo && logo ? ['logo', 'video', 'details'] : ['video', 'details'];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || !file) return;
    cancelled.current = false;
    meter.current.reset();
    dispatch({ type: 'start' });
    try {
      let logoFileUrl: string | null = null;
      if (addLogo && logo) {
        dispatch({ type: 'step', step: 'logo' });
        logoFileUrl = reusable(state.finished.logo, logo) ?? (await uploadLogoFile(logo));
        dispatch({ type: 'finished', part: 'logo', upload: { file: logo, address: logoFileUrl } });
      }

      dispatch({ type: 'step', step: 'video' });
      let videoURL = reusable(state.finished.video, file);
      if (!videoURL) {
        const upload = uploadVideoFile(file, (sent, total) => {
          const stats = meter.current.update(sent, total);
          const now = performance.now();
          if (sent < total && now - lastProgressAt.current < PROGRESS_EVERY_MS) return;
          lastProgressAt.current = now;
          dispatch({ type: 'progress', stats });
        });
        activeUpload.current = upload;
        videoURL = await upload.done;
        activeUpload.current = null;
        dispatch({ type: 'finished', part: 'video', upload: { file, address: videoURL } });
      }
      dispatch({
        type: 'progress',
        stats: {
          sent: file.size,
          total: file.size,
          bytesPerSecond: null,
          secondsLeft: null,
          percent: 100,
        },
      });

      dispatch({ type: 'step', step: 'details' });
      const { video } = await createVideo({
        videoURL,
        title: title.trim(),
        description: description.trim() || null,
        originalFileName: file.name,
        fileSize: String(file.size),
        replaceBackground,
        backgroundDescription:
          replaceBackground && backgroundDescription.trim() ? backgroundDescription.trim() : null,
        addLogo: Boolean(addLogo && logoFileUrl),
        logoFileUrl,
        enhancementNotes: enhancementNotes.trim() || null,
      });
      void refetchOwnerVideos(queryClient);
      dispatch({ type: 'succeed' });
      toast({
        title: VIDEO_MESSAGES.successTitle,
        description: VIDEO_MESSAGES.successDescription(video.title),
      });
    } catch (error) {
      activeUpload.current = null;
      if (cancelled.current) return;
      const failure =
        error instanceof UploadStepError ? error : new UploadStepError(VIDEO_MESSAGES.unexpected);
      dispatch({ type: 'fail', message: failure.message, detail: failure.detail });
      toast({
        title: VIDEO_MESSAGES.uploadFailedTitle,
        description: failure.message,
        variant: 'destructive',
      });
    }
  }

  const ids = {
    title: `${id}-title`,
    titleHint: `${id}-title-hint`,
    description: `${id}-description`,
    descriptionCount: `${id}-description-count`,
    background: `${id}-background`,
    backgroundSwitch: `${id}-background-switch`,
    backgroundHint: `${id}-background-hint`,
    backgroundWarning: `${id}-background-warning`,
    logoSwitch: `${id}-logo-switch`,
    logoInput: `${id}-logo-input`,
    logoHint: `${id}-logo-hint`,
    logoWarning: `${id}-logo-warning`,
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
                {VIDEO_MESSAGES.successDescription(title.trim())}
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
          Add a recorded class. We enhance its lighting, sound and branding within 24-48 hours.
        </p>
      </div>

      <form noValidate onSubmit={submit} className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="text-lg">Video file</h2>
            </CardTitle>
            {phase === 'idle' && (
              <CardDescription>
                Large recordings are fine: an interrupted upload picks up where it stopped.
              </CardDescription>
            )}
          </CardHeader>
          <CardContent className="space-y-4">
            {phase === 'idle' && <VideoDropZone onFile={chooseVideo} problem={fileProblem} />}

            {file && (phase === 'fileSelected' || phase === 'error') && (
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
                  {phase === 'fileSelected' && (
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
                {fileProblem && phase === 'fileSelected' && (
                  <p role="alert" className={`text-sm font-medium ${ERROR_TEXT}`}>
                    {fileProblem}
                  </p>
                )}
                {resumable && phase === 'fileSelected' && (
                  <p className="flex items-center gap-2 text-sm text-muted-foreground">
                    <RotateCcw aria-hidden="true" className="size-4 shrink-0" />
                    An earlier upload of this file was interrupted. It will continue where it
                    stopped.
                  </p>
                )}
              </div>
            )}

            {phase === 'uploading' && file && (
              <UploadProgressPanel
                fileName={file.name}
                step={state.step}
                steps={steps}
                stats={state.stats}
              />
            )}

            {phase === 'error' && state.error && (
              <div
                role="alert"
                className="space-y-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4"
              >
                <div className="flex gap-3">
                  <AlertTriangle
                    aria-hidden="true"
                    className={`mt-0.5 size-5 shrink-0 ${ERROR_TEXT}`}
                  />
                  <div className="space-y-1">
                    <p className={`font-medium ${ERROR_TEXT}`}>{state.error.message}</p>
                    <p className="text-sm text-muted-foreground">
                      {state.error.detail ??
                        'Check your connection and try again. Anything already sent is kept.'}
                    </p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2 pl-8">
                  <Button type="button" size="sm" onClick={() => dispatch({ type: 'retry' })}>
                    <RotateCcw aria-hidden="true" />
                    Try Again
                  </Button>
                  <Button type="button" size="sm" variant="outline" onClick={chooseDifferentFile}>
                    Choose Different File
                  </Button>
                </div>
              </div>
            )}
          </CardContent>
        </Card>

        {phase !== 'idle' && (
          <>
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2 className="text-lg">Class details</h2>
                </CardTitle>
              </CardHeader>
              <CardContent className="space-y-5">
                <div className="space-y-2">
                  <Label htmlFor={ids.title}>Title</Label>
                  <Input
                    id={ids.title}
                    value={title}
                    maxLength={VIDEO_TITLE_MAX}
                    disabled={busy}
                    required
                    aria-invalid={titleMissing ? true : undefined}
                    aria-describedby={titleMissing ? ids.titleHint : undefined}
                    onChange={(event) => setTitle(event.target.value)}
                  />
                  {titleMissing && (
                    <p id={ids.titleHint} className={`text-sm ${ERROR_TEXT}`}>
                      {VIDEO_MESSAGES.titleRequired}
                    </p>
                  )}
                </div>
                <div className="space-y-2">
                  <Label htmlFor={ids.description}>
                    Description{' '}
                    <span className="font-normal text-muted-foreground">(optional)</span>
                  </Label>
                  <Textarea
                    id={ids.description}
                    value={description}
                    maxLength={VIDEO_DESCRIPTION_MAX}
                    disabled={busy}
                    placeholder="What riders can expect from this class"
                    aria-describedby={ids.descriptionCount}
                    className="min-h-20"
                    onChange={(event) => setDescription(event.target.value)}
                  />
                  <Counter
                    id={ids.descriptionCount}
                    length={description.length}
                    max={VIDEO_DESCRIPTION_MAX}
                  />
                </div>
              </CardContent>
            </Card>

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
                <div className="space-y-3">
                  <div className="flex items-center justify-between gap-4">
                    <div className="space-y-1">
                      <Label htmlFor={ids.backgroundSwitch}>Replace Background</Label>
                      <p id={ids.backgroundHint} className="text-sm text-muted-foreground">
                        Swap the studio behind the instructor for a scene you describe.
                      </p>
                    </div>
                    <Switch
                      id={ids.backgroundSwitch}
                      checked={replaceBackground}
                      disabled={busy}
                      aria-describedby={ids.backgroundHint}
                      onCheckedChange={setReplaceBackground}
                    />
                  </div>
                  {replaceBackground && (
                    <div className="space-y-2">
                      <Label htmlFor={ids.background}>Background description</Label>
                      <Textarea
                        id={ids.background}
                        value={backgroundDescription}
                        maxLength={BACKGROUND_DESCRIPTION_MAX}
                        disabled={busy}
                        placeholder="e.g. A sunrise over mountains"
                        aria-describedby={backgroundMissing ? ids.backgroundWarning : undefined}
                        onChange={(event) => setBackgroundDescription(event.target.value)}
                      />
                      {backgroundMissing && (
                        <p
                          id={ids.backgroundWarning}
                          className="flex items-center gap-2 text-sm font-medium"
                        >
                          <AlertTriangle
                            aria-hidden="true"
                            className="size-4 shrink-0 text-warning"
                          />
                          {VIDEO_MESSAGES.backgroundRequired}
                        </p>
                      )}
                    </div>
                  )}
                </div>

                <div className="space-y-3">
                  <div className="flex items-center justify-between gap-4">
                    <div className="space-y-1">
                      <Label htmlFor={ids.logoSwitch}>Add Logo</Label>
                      <p className="text-sm text-muted-foreground">
                        Place your gym's logo on the video.
                      </p>
                    </div>
                    <Switch
                      id={ids.logoSwitch}
                      checked={addLogo}
                      disabled={busy}
                      onCheckedChange={toggleLogo}
                    />
                  </div>
                  {addLogo && (
                    <div className="space-y-2">
                      <Label htmlFor={ids.logoInput}>Logo file</Label>
                      <div className="flex flex-wrap items-center gap-3">
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          disabled={busy}
                          aria-describedby={ids.logoHint}
                          onClick={() => logoInputRef.current?.click()}
                        >
                          <ImageIcon aria-hidden="true" />
                          {logo ? 'Change logo' : 'Choose logo'}
                        </Button>
                        {logo && (
                          <span className="flex min-w-0 items-center gap-1 text-sm">
                            <span className="truncate" title={logo.name}>
                              {logo.name}
                            </span>
                            <Button
                              type="button"
                              variant="ghost"
                              size="icon"
                              className="size-7"
                              disabled={busy}
                              aria-label="Remove logo"
                              onClick={() => setLogo(null)}
                            >
                              <X aria-hidden="true" />
                            </Button>
                          </span>
                        )}
                        <input
                          ref={logoInputRef}
                          id={ids.logoInput}
                          type="file"
                          accept={LOGO_ACCEPT}
                          className="sr-only"
                          tabIndex={-1}
                          aria-describedby={
                            logoMissing ? `${ids.logoHint} ${ids.logoWarning}` : ids.logoHint
                          }
                          onChange={(event) => {
                            const next = event.target.files?.[0];
                            event.target.value = '';
                            if (next) chooseLogo(next);
                          }}
                        />
                      </div>
                      <p id={ids.logoHint} className="text-xs text-muted-foreground">
                        PNG, JPG, SVG
                      </p>
                      {logoMissing && (
                        <p
                          id={ids.logoWarning}
                          className="flex items-center gap-2 text-sm font-medium"
                        >
                          <AlertTriangle
                            aria-hidden="true"
                            className="size-4 shrink-0 text-warning"
                          />
                          {VIDEO_MESSAGES.logoRequiredWarning}
                        </p>
                      )}
                    </div>
                  )}
                </div>

                <div className="space-y-2">
                  <Label htmlFor={ids.notes}>
                    Enhancement notes{' '}
                    <span className="font-normal text-muted-foreground">(optional)</span>
                  </Label>
                  <Textarea
                    id={ids.notes}
                    value={enhancementNotes}
                    maxLength={ENHANCEMENT_NOTES_MAX}
                    disabled={busy}
                    placeholder="e.g. The left side of the room is dark; the music is too quiet"
                    aria-describedby={ids.notesCount}
                    onChange={(event) => setEnhancementNotes(event.target.value)}
                  />
                  <Counter
                    id={ids.notesCount}
                    length={enhancementNotes.length}
                    max={ENHANCEMENT_NOTES_MAX}
                  />
                </div>
              </CardContent>
            </Card>

            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              {phase === 'uploading' ? (
                <Button type="button" variant="outline" onClick={cancelUpload}>
                  Cancel upload
                </Button>
              ) : (
                phase === 'fileSelected' && (
                  <Button type="button" variant="outline" onClick={chooseDifferentFile}>
                    Choose Different File
                  </Button>
                )
              )}
              {phase !== 'error' && (
                <Button type="submit" disabled={!canSubmit}>
                  <Upload aria-hidden="true" />
                  {phase === 'uploading' ? 'Uploading...' : 'Upload Video'}
                </Button>
              )}
            </div>
          </>
        )}
      </form>

      <RecentUploads idle={phase === 'idle'} />
    </div>
  );
}
