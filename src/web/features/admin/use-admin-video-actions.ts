import { useState } from 'react';
import { ADMIN_MESSAGES, type AdminVideoDto } from '@shared/admin.contract';
import { checkVideoFile, type VideoStatus } from '@shared/videos.contract';
import { failureMessage } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { useDownloadOriginal } from './api/download-original';
import { useUpdateVideoStatus } from './api/update-status';
import { useUploadEnhanced } from './api/upload-enhanced';

export type AdminCardBusy = null | 'download' | 'status' | 'upload';

/**
 * What the admin can do with one video on the desk: download the original, move the status (with
 * the notes box's text), upload the enhanced file. One call at a time; every outcome is a toast.
 */
export function useAdminVideoActions(
  video: Pick<AdminVideoDto, 'id' | 'title' | 'originalFileName' | 'processingStatus'>,
) {
  const download = useDownloadOriginal();
  const updateStatus = useUpdateVideoStatus();
  const uploadEnhanced = useUploadEnhanced();
  const [notes, setNotes] = useState('');
  const [uploadProgress, setUploadProgress] = useState(0);

  const busy: AdminCardBusy = download.isPending
    ? 'download'
    : updateStatus.isPending
      ? 'status'
      : uploadEnhanced.isPending
        ? 'upload'
        : null;

  function downloadOriginal() {
    if (busy) return;
    download.mutate(video.id, {
      onSuccess: () =>
        toast({ title: ADMIN_MESSAGES.downloadStarted, description: video.originalFileName }),
      onError: () =>
        toast({
          title: ADMIN_MESSAGES.downloadFailedTitle,
          description: ADMIN_MESSAGES.downloadFailed,
          variant: 'destructive',
        }),
    });
  }

  function changeStatus(next: VideoStatus) {
    if (busy) return;
    updateStatus.mutate(
      { videoId: video.id, status: next, notes, from: video.processingStatus },
      {
        onSuccess: () => {
          setNotes('');
          toast({
            title: ADMIN_MESSAGES.statusUpdatedTitle,
            description: ADMIN_MESSAGES.statusUpdated(next),
          });
        },
        onError: (error) =>
          toast({
            title: ADMIN_MESSAGES.updateFailedTitle,
            description: failureMessage(error, ADMIN_MESSAGES.updateFailed),
            variant: 'destructive',
          }),
      },
    );
  }

  /** The chosen enhanced file: checked like any video, then sent resumably and attached. */
  function uploadEnhancedFile(file: File | undefined) {
    if (!file || busy) return;
    const problem = checkVideoFile(file);
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    setUploadProgress(0);
    uploadEnhanced.mutate(
      { videoId: video.id, file, onProgress: setUploadProgress },
      {
        onSuccess: () =>
          toast({ title: ADMIN_MESSAGES.enhancedUploaded, description: video.title }),
        onError: (error) =>
          toast({
            title: ADMIN_MESSAGES.uploadFailedTitle,
            description: failureMessage(error, ADMIN_MESSAGES.uploadFailed),
            variant: 'destructive',
          }),
      },
    );
  }

  return {
    notes,
    setNotes,
    busy,
    /** The share of the enhanced file sent, 0 to 1, while `busy` is 'upload'. */
    uploadProgress,
    downloadOriginal,
    changeStatus,
    uploadEnhancedFile,
  };
}
