import { EmailButton, EmailLayout, EmailLinkText } from './layout';

export const PAYMENT_FAILED_SUBJECT = 'Your Cadence payment failed';

export interface PaymentFailedProps {
  planName: string;
  /** The end of the grace period, as a date for people ('December 2, 2026'). */
  graceUntil: string;
  /** The Subscription page, when PUBLIC_URL says where the app is. */
  link?: string;
}

function lines({ planName, graceUntil }: PaymentFailedProps): [string, string] {
  return [
    `Stripe could not charge your card for ${planName}. You keep ${planName} until ${graceUntil} while Stripe tries again.`,
    'Update your card under Subscription, Manage Billing. If the payment still fails, your account moves to Spin Starter; every video stays in your library and on your gym page.',
  ];
}

/** Sent once when a renewal fails and the grace period starts (decision 0023). */
export function PaymentFailedEmail(props: PaymentFailedProps) {
  const [first, second] = lines(props);
  return (
    <EmailLayout preview={`Your ${props.planName} payment failed: update your card.`}>
      <p style={{ margin: 0 }}>{first}</p>
      {props.link && (
        <>
          <EmailButton href={props.link}>Open Subscription</EmailButton>
          <EmailLinkText href={props.link} />
        </>
      )}
      <p>{second}</p>
    </EmailLayout>
  );
}

export function paymentFailedText(props: PaymentFailedProps): string {
  const [first, second] = lines(props);
  return [
    'Cadence',
    '',
    first,
    ...(props.link ? ['', `Open Subscription: ${props.link}`] : []),
    '',
    second,
  ].join('\n');
}
