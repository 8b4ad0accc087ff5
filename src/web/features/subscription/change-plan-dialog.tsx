import { BILLING_NOT_CONNECTED, type PlanView } from '@shared/plans.contract';
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
import { DIALOG_ROWS, PlanChangeList } from './plan-change-list';

function money(cents: number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
}

/**
 * How the change is made: 'manual' applies it at once (no Stripe keys), 'checkout' buys a first paid
 * plan on Stripe Checkout, 'switch' moves a paid subscription with the prorated charge shown first.
 */
export type ChangeKind = 'manual' | 'checkout' | 'switch';

/**
 * Every plan change but a Stripe cancel asks first, saying what the new plan adds or takes away
 * (issue #18 part 6) and, for a paid switch, what it charges now.
 */
export function ChangePlanDialog({
  plan,
  current,
  kind,
  pending,
  onConfirm,
  onClose,
}: {
  plan: PlanView | null;
  current: PlanView | undefined;
  kind: ChangeKind;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const preview = usePreview(kind === 'switch' ? (plan?.id ?? null) : null);
  const charge =
    kind === 'manual'
      ? BILLING_NOT_CONNECTED
      : kind === 'checkout'
        ? `You pay $${plan?.price} per month on Stripe Checkout; ${plan?.name} starts once the payment is confirmed.`
        : preview.isLoading
          ? 'Working out the charge...'
          : preview.isError
            ? 'Unable to work out the charge. Please try again.'
            : preview.data
              ? `${money(preview.data.amountDueCents, preview.data.currency)} is charged now for the rest of this billing period; then ${plan?.name} renews at $${plan?.price} per month.`
              : '';
  const ready = kind !== 'switch' || Boolean(preview.data);
  const action =
    kind === 'checkout'
      ? pending
        ? 'Opening Checkout...'
        : 'Continue to Checkout'
      : pending
        ? 'Switching...'
        : `Switch to ${plan?.name}`;

  return (
    <AlertDialog open={plan !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialogContent className={DIALOG_ROWS}>
        <AlertDialogHeader>
          <AlertDialogTitle>Switch to {plan?.name}?</AlertDialogTitle>
          <AlertDialogDescription data-testid="proration-preview">{charge}</AlertDialogDescription>
        </AlertDialogHeader>
        {plan && current && <PlanChangeList from={current} to={plan} />}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Keep my plan</AlertDialogCancel>
          <AlertDialogAction
            onClick={(event) => {
              event.preventDefault();
              onConfirm();
            }}
            disabled={pending || !ready}
          >
            {action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
