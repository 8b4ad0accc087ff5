import type { PlanView } from '@shared/plans.contract';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { usePreview } from './api/billing';

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
}

/** A paid subscription moves to another plan: what it charges now is shown before confirming. */
export function ChangePlanDialog({
  plan,
  pending,
  onConfirm,
  onClose,
}: {
  plan: PlanView | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const preview = usePreview(plan?.id ?? null);
  return (
    <AlertDialog open={plan !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Switch to {plan?.name}?</AlertDialogTitle>
          <AlertDialogDescription data-testid="proration-preview">
            {preview.isLoading
              ? 'Working out the charge...'
              : preview.isError
                ? 'Unable to work out the charge. Please try again.'
                : preview.data
                  ? `${money(preview.data.amountDueCents, preview.data.currency)} is charged now for the rest of this billing period; then ${plan?.name} renews at $${plan?.price} per month.`
                  : ''}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Keep my plan</AlertDialogCancel>
          <AlertDialogAction
            onClick={(event) => {
              event.preventDefault();
              onConfirm();
            }}
            disabled={pending || !preview.data}
          >
            {pending ? 'Switching...' : `Switch to ${plan?.name}`}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
