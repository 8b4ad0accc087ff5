import { EmailButton, EmailLayout, EmailLinkText } from './layout';

export const WEBHOOK_DISABLED_SUBJECT = 'A Cadence webhook endpoint was disabled';

export interface WebhookDisabledProps {
  /** The endpoint's URL (the receiver the owner registered). */
  url: string;
  /** The owner's own description of it, when there is one. */
  description: string | null;
  /** Deliveries that failed in a row, each after its last retry. */
  failures: number;
  /** Settings > API, where the endpoint is enabled again. */
  link: string;
}

const stopped = 'Cadence stopped sending events to your webhook endpoint';
const why = ({ description, failures }: WebhookDisabledProps) =>
  `${description ? ` (${description})` : ''}: the last ${failures} deliveries failed, each after a day of retries.`;

function lines(props: WebhookDisabledProps): [string, string, string] {
  return [
    `${stopped} ${props.url}${why(props)}`,
    'Check that the receiver is up, answers with a 2xx status within 10 seconds, and that the address is right.',
    'Then open Settings, API and enable the endpoint again under Webhooks; send a test event to check it. Events that happened while it was disabled are not sent.',
  ];
}

/** Sent once when an endpoint is disabled after repeated failure (decision 0040). */
export function WebhookDisabledEmail(props: WebhookDisabledProps) {
  const [, second, third] = lines(props);
  return (
    <EmailLayout preview="A webhook endpoint was disabled after repeated failures.">
      <p style={{ margin: 0 }}>
        {stopped}{' '}
        {/* A URL has no place to wrap: on a phone it breaks anywhere rather than widen the mail. */}
        <span style={{ wordBreak: 'break-all' }}>{props.url}</span>
        {why(props)}
      </p>
      <p>{second}</p>
      <p>{third}</p>
      <EmailButton href={props.link}>Open Settings, API</EmailButton>
      <EmailLinkText href={props.link} />
    </EmailLayout>
  );
}

export function webhookDisabledText(props: WebhookDisabledProps): string {
  const [first, second, third] = lines(props);
  return [
    'Cadence',
    '',
    first,
    '',
    second,
    '',
    third,
    '',
    `Open Settings, API: ${props.link}`,
  ].join('\n');
}
