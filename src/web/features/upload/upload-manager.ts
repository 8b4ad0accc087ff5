import type { QueryClient } from '@tanstack/react-query';
import {
  checkVideoFile,
  VIDEO_MESSAGES,
  videoEndpoints,
  type FileProblem,
} from '@shared/videos.contract';
import { SNIFF_BYTES, sniffVideo } from '@shared/video-sniff';
import { api, ApiError } from '@web/lib/api';
import { refetchOwnerVideos } from '@web/lib/owner-videos';
import { onAccountForgotten } from '@web/lib/session';
import { toast } from '@web/lib/use-toast';
import { createVideo } from './api/create-video';
import { uploadLogoFile } from './api/upload-logo-file';
import { UploadStepError } from './api/upload-step-error';
import { TransferError, uploadVideoFile, type VideoUpload } from './api/upload-video-file';
import { TransferMeter } from './transfer-meter';
import type { UploadForm } from './upload-form';
import { reusableLogo, type UploadProblem } from './upload-state';
import { clearUploadStore, dispatchUpload, getUploadState, saveUploadDraft } from './upload-store';

/** Progress is redrawn at most this often. */
const PROGRESS_EVERY_MS = 200;

/**
 * The upload's side of decision 0025, above every route: it sends the chosen file at once, creates
 * the video when the details are submitted and the file is sent (whichever comes last), and keeps
 * going while the owner moves around the app. The screen and the tray read upload-store.ts.
 */
/** The chosen file's transfer (running, or finished until the video is created); null when none. */
let current: VideoUpload | null = null;
let queryClient: QueryClient | null = null;
const meter = new TransferMeter();
let lastProgressAt = 0;

// Logging out (or a password reset on this tab) forgets the account's upload: the transfer stops
// (what arrived stays the account's, offered again once it signs in) and the store empties, so the
// next person on this tab sees no title, description, logo or transfer of the last one.
onAccountForgotten(() => {
  const dropped = current;
  current = null;
  queryClient = null;
  dropped?.abort();
  clearUploadStore();
});

/**
 * Why a chosen video cannot be uploaded (product.md §5: its type or size, then its first bytes: a
 * renamed text file is no video), or null. Reads the file's first 4 KB, nothing more.
 */
export async function videoFileProblem(file: File): Promise<FileProblem | null> {
  const problem = checkVideoFile(file);
  if (problem) return problem;
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffVideo(head)
    ? null
    : { title: VIDEO_MESSAGES.invalidTypeTitle, description: VIDEO_MESSAGES.invalidTypeAlert };
}

/**
 * Starts sending a checked video file. When it replaces a failed video (its card's Replace), that
 * video is deleted first: its place under the plan's limit goes to the new one.
 */
export async function startUpload(file: File, replacing: string | null): Promise<void> {
  // Another file instead: the first one's copy on the server goes (its place under the caps too).
  current?.abort(true);
  current = null;
  if (replacing) {
    await api(videoEndpoints.remove, { params: { id: replacing } }).catch((error: unknown) => {
      // Already gone is what we wanted.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    });
    if (queryClient) void refetchOwnerVideos(queryClient);
  }
  dispatchUpload({ type: 'select', file });
  send(file);
}

function send(file: File) {
  meter.reset();
  const sending = uploadVideoFile(file, (sent, total) => {
    const stats = meter.update(sent, total);
    const now = performance.now();
    if (sent < total && now - lastProgressAt < PROGRESS_EVERY_MS) return;
    lastProgressAt = now;
    dispatchUpload({ type: 'progress', stats });
  });
  current = sending;
  sending.done.then(
    (address) => {
      if (current !== sending) return;
      dispatchUpload({ type: 'sent', address });
      void saveWhenReady();
    },
    (error: unknown) => {
      if (current !== sending) return; // stopped or replaced on purpose
      const problem =
        error instanceof TransferError
          ? error.problem
          : { kind: 'connection' as const, message: VIDEO_MESSAGES.failedUploadVideo };
      dispatchUpload({ type: 'transferFailed', problem });
      failureToast(problem);
    },
  );
}

/** The details are in: the video is created now, or as soon as the file is sent. */
export function submitUpload(details: UploadForm, logo: File | null, client: QueryClient) {
  queryClient = client;
  dispatchUpload({ type: 'submit', details, logo: details.addLogo ? logo : null });
  void saveWhenReady();
}

async function saveWhenReady(): Promise<void> {
  const state = getUploadState();
  const { file, address, submitted } = state;
  if (!file || !address || !submitted || state.saving || state.transfer !== 'sent') return;
  const { details, logo } = submitted;
  try {
    let logoFileUrl: string | null = null;
    if (logo) {
      dispatchUpload({ type: 'saving', step: 'logo' });
      logoFileUrl = reusableLogo(state.storedLogo, logo) ?? (await uploadLogoFile(logo));
      dispatchUpload({ type: 'logoStored', logo: { file: logo, address: logoFileUrl } });
    }
    dispatchUpload({ type: 'saving', step: 'details' });
    const { video } = await createVideo({
      videoURL: address,
      title: details.title,
      description: details.description,
      originalFileName: file.name,
      fileSize: String(file.size),
      replaceBackground: details.replaceBackground,
      backgroundDescription: details.replaceBackground ? details.backgroundDescription : null,
      // Without a file of its own, the server uses the gym's logo (the form allows Add Logo
      // without a file only when the gym has one).
      addLogo: details.addLogo,
      logoFileUrl,
      logoPlacement: details.logoPlacement,
      enhancementNotes: details.enhancementNotes,
      ...details.details,
    });
    if (queryClient) void refetchOwnerVideos(queryClient);
    void current?.forget();
    current = null;
    saveUploadDraft(null);
    dispatchUpload({ type: 'succeed', title: video.title });
    // Elsewhere in the app the tray says it, where a toast would cover it.
    if (onUploadScreen())
      toast({
        title: VIDEO_MESSAGES.successTitle,
        description: VIDEO_MESSAGES.successDescription(video.title),
      });
  } catch (error) {
    const failure =
      error instanceof UploadStepError ? error : new UploadStepError(VIDEO_MESSAGES.unexpected);
    // The server looked at the stored file's first bytes and found no video: no details will help.
    const problem: UploadProblem =
      failure.message === VIDEO_MESSAGES.invalidTypeAlert
        ? { kind: 'file', message: failure.message }
        : { kind: 'refused', message: failure.message, detail: failure.detail };
    dispatchUpload({ type: 'saveFailed', problem });
    failureToast(problem);
  }
}

/** The owner is on the upload screen (elsewhere the app shell's tray shows the upload). */
const onUploadScreen = () => window.location.pathname === '/upload';

/**
 * product.md §8: a failed step is also a toast 'Upload failed', unless the screen says it already
 * (a file that is no video), or the owner is elsewhere (the tray says it, where a toast would cover it).
 */
function failureToast(problem: UploadProblem) {
  if (problem.kind === 'file' || !onUploadScreen()) return;
  toast({
    title: VIDEO_MESSAGES.uploadFailedTitle,
    description: problem.message,
    variant: 'destructive',
  });
}

/** Cancel upload: stops sending; what arrived is kept, so sending again (or a reload) continues. */
export function stopUpload(): void {
  const sending = current;
  current = null;
  sending?.abort();
  dispatchUpload({ type: 'stop' });
}

/** Try Again after a stop or a failed transfer: tus continues from what the server holds. */
export function resumeUpload(): void {
  const { file, transfer } = getUploadState();
  if (!file || (transfer !== 'stopped' && transfer !== 'failed')) return;
  dispatchUpload({ type: 'resume' });
  if (getUploadState().transfer === 'sending') send(file);
}

/** Choose Different File (or the upload is done with): the transfer and what the server holds go. */
export function discardUpload(): void {
  const dropped = current;
  current = null;
  dropped?.abort(true);
  saveUploadDraft(null);
  dispatchUpload({ type: 'reset' });
}
