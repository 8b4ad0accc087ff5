import { useEffect, useReducer, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { PublicUser } from '@shared/auth.contract';
import { PLANS_WITH_LOGO_BY_DEFAULT, type PlanId } from '@shared/plans';
import {
  checkLogoFile,
  checkVideoFile,
  DEFAULT_LOGO_PLACEMENT,
  titleFromFileName,
  uploadDetailsForm,
  VIDEO_MESSAGES,
  type UploadDetails,
  type UploadDetailsInput,
} from '@shared/videos.contract';
import { refetchOwnerVideos } from '@web/lib/owner-videos';
import { onPendingUploadFile, takePendingUploadFile } from '@web/lib/pending-upload';
import { useCurrentUser } from '@web/lib/session';
import { toast } from '@web/lib/use-toast';
import { createVideo } from './api/create-video';
import { uploadLogoFile } from './api/upload-logo-file';
import { UploadStepError } from './api/upload-step-error';
import { hasResumableUpload, uploadVideoFile, type VideoUpload } from './api/upload-video-file';
import { TransferMeter } from './transfer-meter';
import { initialUploadState, reusable, uploadReducer, type UploadStep } from './upload-state';

/** product.md §2/§9: after success the screen moves to the library after 2 s. */
export const REDIRECT_AFTER_SUCCESS_MS = 2000;
/** Progress is redrawn at most this often. */
const PROGRESS_EVERY_MS = 200;

/** Add Logo starts on when the gym has a logo and its plan includes branding (issue #15). */
function emptyDetails(user: PublicUser | null): UploadDetailsInput {
  return {
    title: '',
    description: '',
    replaceBackground: false,
    backgroundDescription: '',
    addLogo: Boolean(user?.companyLogoUrl && PLANS_WITH_LOGO_BY_DEFAULT.has(user.plan as PlanId)),
    logoPlacement: DEFAULT_LOGO_PLACEMENT,
    enhancementNotes: '',
  };
}

/**
 * The upload screen's flow (product.md §4, §5, §8): choosing the video (checked, its title prefilled, a
 * resumable earlier attempt noticed), the details form, then logo, video and details in turn, with
 * progress, cancel, 'Try Again' (files already stored are reused) and the move to the library.
 */
export function useUploadFlow() {
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [resumable, setResumable] = useState(false);
  const [logo, setLogo] = useState<File | null>(null);
  const [uploadedTitle, setUploadedTitle] = useState('');
  const { user } = useCurrentUser();
  /** The gym's logo from Customize: Add Logo uses it unless a file is chosen for this video. */
  const gymLogoUrl = user?.companyLogoUrl ?? null;
  const form = useForm<UploadDetailsInput, unknown, UploadDetails>({
    resolver: zodResolver(uploadDetailsForm),
    defaultValues: emptyDetails(user),
    mode: 'onChange',
  });
  const activeUpload = useRef<VideoUpload | null>(null);
  const cancelled = useRef(false);
  const meter = useRef(new TransferMeter());
  const lastProgressAt = useRef(0);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  const { phase, file } = state;
  const busy = phase === 'uploading' || phase === 'success';
  const addLogo = form.watch('addLogo');

  function chooseVideo(candidate: File) {
    const problem = checkVideoFile(candidate);
    if (problem) {
      // product.md §5: the invalid file is not kept as the selection.
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
    form.setValue('title', titleFromFileName(candidate.name), { shouldValidate: true });
    setResumable(false);
    void hasResumableUpload(candidate).then(setResumable);
  }
  const chooseVideoRef = useRef(chooseVideo);
  chooseVideoRef.current = chooseVideo;

  // A file picked through the dashboard's upload button arrives here (product.md §2).
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

  function setAddLogo(on: boolean) {
    form.setValue('addLogo', on, { shouldDirty: true });
    if (!on) setLogo(null); // product.md §5: turning it off clears the chosen logo
  }

  function setReplaceBackground(on: boolean) {
    form.setValue('replaceBackground', on, { shouldDirty: true });
    // The description's rule depends on the switch: its warning shows (or goes) at once.
    void form.trigger('backgroundDescription');
  }

  function chooseDifferentFile() {
    activeUpload.current?.abort();
    dispatch({ type: 'reset' });
    form.reset(emptyDetails(user));
    setLogo(null);
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

  const logoMissing = addLogo && !logo && !gymLogoUrl;
  const canSubmit =
    (phase === 'fileSelected' || phase === 'error') && form.formState.isValid && !logoMissing;
  const steps: UploadStep[] = addLogo && logo ? ['logo', 'video', 'details'] : ['video', 'details'];

  async function upload(details: UploadDetails) {
    if (!canSubmit || !file) return;
    cancelled.current = false;
    meter.current.reset();
    dispatch({ type: 'start' });
    try {
      let logoFileUrl: string | null = null;
      if (details.addLogo && logo) {
        dispatch({ type: 'step', step: 'logo' });
        logoFileUrl = reusable(state.finished.logo, logo) ?? (await uploadLogoFile(logo));
        dispatch({ type: 'finished', part: 'logo', upload: { file: logo, address: logoFileUrl } });
      }

      dispatch({ type: 'step', step: 'video' });
      let videoURL = reusable(state.finished.video, file);
      if (!videoURL) {
        const sending = uploadVideoFile(file, (sent, total) => {
          const stats = meter.current.update(sent, total);
          const now = performance.now();
          if (sent < total && now - lastProgressAt.current < PROGRESS_EVERY_MS) return;
          lastProgressAt.current = now;
          dispatch({ type: 'progress', stats });
        });
        activeUpload.current = sending;
        videoURL = await sending.done;
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
        title: details.title,
        description: details.description,
        originalFileName: file.name,
        fileSize: String(file.size),
        replaceBackground: details.replaceBackground,
        backgroundDescription: details.replaceBackground ? details.backgroundDescription : null,
        // Without a file of its own, the server uses the gym's logo.
        addLogo: Boolean(details.addLogo && (logoFileUrl || gymLogoUrl)),
        logoFileUrl,
        logoPlacement: details.logoPlacement,
        enhancementNotes: details.enhancementNotes,
      });
      void refetchOwnerVideos(queryClient);
      setUploadedTitle(details.title);
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

  return {
    state,
    busy,
    /** Why the last chosen video was refused (shown under the drop zone). */
    fileProblem,
    /** An earlier attempt at this very file can be continued. */
    resumable,
    form,
    logo,
    gymLogoUrl,
    logoMissing,
    canSubmit,
    steps,
    /** The title of the video just created, for the success screen. */
    uploadedTitle,
    chooseVideo,
    chooseLogo,
    removeLogo: () => setLogo(null),
    setAddLogo,
    setReplaceBackground,
    chooseDifferentFile,
    cancelUpload,
    retry: () => dispatch({ type: 'retry' }),
    /** The form's submit handler: validates the details, then runs the upload. */
    submit: form.handleSubmit(upload),
  };
}
