import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnerRideTrack, RideTrackBody } from '@shared/ride-track.contract';
import { rideTrackEndpoints } from '@shared/ride-track.contract';
import { api } from '@web/lib/api';
import { gymKeys } from '@web/lib/gym-keys';
import { rideTrackKeys } from '@web/lib/ride-track';
import type { Track } from '../track-edits';

/**
 * PUT /api/auth/videos/:id/ride-track. The segments go as the owner left them: a cadence with a
 * blank bound included, for the server to refuse under that field in the contract's words.
 */
export function useSaveRideTrack(videoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (segments: Track) =>
      api(rideTrackEndpoints.save, {
        params: { id: videoId },
        body: { segments } as RideTrackBody,
      }),
    onSuccess: ({ rideTrack }) => {
      client.setQueryData<OwnerRideTrack>(rideTrackKeys.byVideo(videoId), (old) =>
        old ? { ...old, rideTrack } : old,
      );
      // The public page names each class's track (versioned by its save).
      void client.invalidateQueries({ queryKey: gymKeys.all });
    },
  });
}

/** DELETE /api/auth/videos/:id/ride-track: the class plays without one. */
export function useRemoveRideTrack(videoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(rideTrackEndpoints.remove, { params: { id: videoId } }),
    onSuccess: () => {
      client.setQueryData<OwnerRideTrack>(rideTrackKeys.byVideo(videoId), (old) =>
        old ? { ...old, rideTrack: null } : old,
      );
      void client.invalidateQueries({ queryKey: gymKeys.all });
    },
  });
}
