import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import type { PublicUser } from '@shared/auth.contract';
import { planIncludes } from '@shared/plan-features';
import {
  checkLogoFile,
  DEFAULT_LOGO_PLACEMENT,
  titleFromFileName,
  VIDEO_MESSAGES,
  type VideoDto,
} from '@shared/videos.contract';
import { classDetailsInput, EMPTY_CLASS_DETAILS } from '@web/lib/class-details-form';
import { useOwnerVideos } from '@web/lib/owner-videos';
import { onPendingUploadFile, takePendingUploadFile } from '@web/lib/pending-upload';
import { useCurrentUser } from '@web/lib/session';
import { toast } from '@web/lib/use-toast';
import {
  discardInterruptedUpload,
  interruptedUploadsQuery,
  type InterruptedUpload,
} from './api/upload-video-file';
import {
  discardUpload,
  resumeUpload,
  startUpload,
  stopUpload,
  submitUpload,
  videoFileProblem,
} from './upload-manager';
import { uploadForm, type UploadForm, type UploadFormInput } from './upload-form';
import { canSubmitIn, uploadPhase } from './upload-state';
import { finishUpload, getUploadDraft, saveUploadDraft, useUploadState } from './upload-store';

/** product.md §2/§9: after success the screen moves to the library after 2 s. */
export const REDIRECT_AFTER_SUCCESS_MS = 2000;

/** The enhancement steps the owner's plan offers on this screen (issue #18). */
function enhancementsOf(user: PublicUser | null) {
  return {
    addLogo: planIncludes(user?.plan, 'advancedEnhancement'),
    replaceBackground: planIncludes(user?.plan, 'premiumEnhancement'),
  };
}

/** Add Logo starts on when the gym has a logo and its plan includes it (issues #15, #18). */
function emptyDetails(user: PublicUser | null): UploadFormInput {
  return {
    title: '',
    description: '',
    replaceBackground: false,
    backgroundDescription: '',
    addLogo: Boolean(user?.companyLogoUrl && enhancementsOf(user).addLogo),
    logoPlacement: DEFAULT_LOGO_PLACEMENT,
    enhancementNotes: '',
    details: EMPTY_CLASS_DETAILS,
  };
}

/**
 * A failed video's details and class details, carried into the upload that replaces it (its logo
 * file went with it); a background the plan no longer includes is left off.
 */
function detailsOf(video: VideoDto, user: PublicUser | null): UploadFormInput {
  return {
    title: video.title,
    description: video.description ?? '',
    replaceBackground: video.replaceBackground && enhancementsOf(user).replaceBackground,
    backgroundDescription: video.backgroundDescription ?? '',
    addLogo: false,
    logoPlacement: video.logoPlacement ?? DEFAULT_LOGO_PLACEMENT,
    enhancementNotes: video.enhancementNotes ?? '',
    details: classDetailsInput(video),
  };
}

/**
 * The upload screen's side of the upload (product.md §4, §5, §8; decision 0025): choosing the video
 * (checked by type, size and first bytes) starts sending it at once; the details form; a failed
 * video's Replace; uploads a reload interrupted. The upload itself lives in upload-manager.ts, so it
 * goes on when the owner leaves this screen, and the form is kept for the owner's return.
 */
export function useUploadFlow() {
  const state = useUploadState();
  const phase = uploadPhase(state);
  const draft = getUploadDraft();
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [logo, setLogo] = useState<File | null>(draft?.logo ?? null);
  const [resumed, setResumed] = useState(false);
  const { user } = useCurrentUser();
  /** The gym's logo from Customize: Add Logo uses it unless a file is chosen for this video. */
  const gymLogoUrl = user?.companyLogoUrl ?? null;
  const form = useForm<UploadFormInput, unknown, UploadForm>({
    resolver: zodResolver(uploadForm),
    defaultValues: draft?.details ?? emptyDetails(user),
    mode: 'onChange',
  });
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  // Replace on a failed video's card: /upload?replace={id}, with its details filled in.
  const replaceId = new URLSearchParams(useSearch()).get('replace');
  const { data: videos } = useOwnerVideos();
  const replacing =
    phase === 'idle' && replaceId
      ? (videos?.find((v) => v.id === replaceId && v.processingStatus === 'failed') ?? null)
      : null;
  const replacingRef = useRef<string | null>(draft?.replacing ?? null);
  useEffect(() => {
    // The plan decides which of its steps carry over: wait for the signed-in owner.
    if (!replacing || !user || replacingRef.current === replacing.id) return;
    replacingRef.current = replacing.id;
    form.reset(detailsOf(replacing, user));
  }, [replacing, form, user]);

  const interrupted = useQuery({ ...interruptedUploadsQuery, enabled: phase === 'idle' });

  // The form as the owner leaves it comes back with the upload (the file keeps going meanwhile).
  const logoRef = useRef(logo);
  logoRef.current = logo;
  useEffect(() => {
    const keep = () =>
      saveUploadDraft({
        details: form.getValues(),
        logo: logoRef.current,
        replacing: replacingRef.current,
      });
    keep();
    const subscription = form.watch(keep);
    return () => subscription.unsubscribe();
  }, [form, logo]);

  async function chooseVideo(candidate: File) {
    const problem = await videoFileProblem(candidate);
    if (problem) {
      // product.md §5: the invalid file is not kept as the selection; a type the picker names
      // wrongly gets the toast too, a file whose bytes are no video the alert alone (said once).
      if (problem.description !== VIDEO_MESSAGES.invalidTypeAlert)
        toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      setFileProblem(
        problem.title === VIDEO_MESSAGES.tooLargeTitle
          ? VIDEO_MESSAGES.tooLargeAlert
          : VIDEO_MESSAGES.invalidTypeAlert,
      );
      return;
    }
    setFileProblem(null);
    setResumed(
      (interrupted.data ?? []).some(
        (u) => u.fileName === candidate.name && u.size === candidate.size,
      ),
    );
    if (!replacingRef.current && !form.getFieldState('title').isDirty) {
      form.setValue('title', titleFromFileName(candidate.name), { shouldValidate: true });
    }
    try {
      await startUpload(candidate, replacingRef.current);
      replacingRef.current = null;
    } catch {
      toast({
        title: VIDEO_MESSAGES.uploadFailedTitle,
        description: 'The failed video could not be removed. Please try again.',
        variant: 'destructive',
      });
    }
  }
  const chooseVideoRef = useRef(chooseVideo);
  chooseVideoRef.current = chooseVideo;

  // A file picked through the dashboard's upload button arrives here (product.md §2).
  useEffect(() => {
    const take = () => {
      const pending = takePendingUploadFile();
      if (pending) void chooseVideoRef.current(pending);
    };
    take();
    return onPendingUploadFile(take);
  }, []);

  useEffect(() => {
    if (phase !== 'success') return;
    const timer = window.setTimeout(() => {
      finishUpload();
      navigate('/videos');
    }, REDIRECT_AFTER_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [phase, navigate]);

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
    discardUpload();
    form.reset(emptyDetails(user));
    setLogo(null);
    setFileProblem(null);
    setResumed(false);
  }

  async function discardInterrupted(upload: InterruptedUpload) {
    await discardInterruptedUpload(upload);
    await queryClient.invalidateQueries({ queryKey: interruptedUploadsQuery.queryKey });
  }

  const addLogo = form.watch('addLogo');
  const logoMissing = addLogo && !logo && !gymLogoUrl;
  const canSubmit = canSubmitIn(state) && form.formState.isValid && !logoMissing;

  return {
    state,
    phase,
    /** The details are submitted (or saved): the form is read-only. */
    locked: phase === 'waiting' || phase === 'saving' || phase === 'success',
    /** Why the last chosen video was refused (shown under the drop zone). */
    fileProblem,
    /** The chosen file continues an upload a reload (or a closed tab) interrupted. */
    resumed,
    /** Uploads this browser started and did not finish; each needs its file picked again. */
    interrupted: phase === 'idle' ? (interrupted.data ?? []) : [],
    /** The failed video the next file replaces (Replace on its card). */
    replacing,
    form,
    /** Which enhancement steps the plan includes (the others show locked). */
    included: enhancementsOf(user),
    logo,
    gymLogoUrl,
    logoMissing,
    canSubmit,
    chooseVideo: (file: File) => void chooseVideo(file),
    chooseLogo,
    removeLogo: () => setLogo(null),
    setAddLogo,
    setReplaceBackground,
    chooseDifferentFile,
    discardInterrupted: (upload: InterruptedUpload) => void discardInterrupted(upload),
    cancelUpload: stopUpload,
    resumeUpload,
    /** The form's submit handler: validates the details, then hands them to the upload. */
    submit: form.handleSubmit((details) => {
      if (canSubmit) submitUpload(details, details.addLogo ? logo : null, queryClient);
    }),
  };
}
