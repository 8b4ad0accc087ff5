import { gymPagePath } from '@shared/gyms.contract';
import type { LocationDto } from '@shared/locations.contract';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { failureMessage } from '@web/lib/api';
import { toast } from '@web/lib/use-toast';
import { useDeleteLocation } from './api/locations';

/**
 * Confirms, then deletes a further location and its page. `onlyHere` names the classes no other
 * location offers: they go back to the first location, so no class is left offered nowhere.
 */
export function DeleteLocationDialog({
  location,
  firstName,
  onlyHere,
  onClose,
  onDeleted,
}: {
  location: LocationDto | null;
  firstName: string;
  onlyHere: readonly string[];
  onClose: () => void;
  /** Where focus goes once the location (and the button that opened this) is gone. */
  onDeleted: () => void;
}) {
  const remove = useDeleteLocation();

  return (
    <ConfirmDialog
      open={location !== null}
      title={`Delete ${location?.name ?? ''}?`}
      description={
        <>
          <p>
            Its page{' '}
            <span className="font-mono break-all">
              {location ? gymPagePath(location.slug) : ''}
            </span>{' '}
            goes offline. Your classes are not deleted.
          </p>
          {onlyHere.length > 0 ? (
            <p data-testid="delete-location-classes">
              Classes only offered here go back to {firstName}, your first location:{' '}
              {onlyHere.map((title) => `“${title}”`).join(', ')}.
            </p>
          ) : (
            <p>Every class it offers is also offered at another location.</p>
          )}
        </>
      }
      action="Delete location"
      pendingAction="Deleting..."
      pending={remove.isPending}
      onConfirm={(done) => {
        if (!location) return;
        remove.mutate(location.id, {
          onSuccess: ({ message }) => {
            toast({ title: message, description: `${location.name} and its page are gone.` });
            done();
          },
          onError: (error) => {
            toast({
              title: 'Delete failed',
              description: failureMessage(
                error,
                'Unable to delete the location. Please try again.',
              ),
              variant: 'destructive',
            });
          },
        });
      }}
      onClose={onClose}
      onDone={onDeleted}
    />
  );
}
