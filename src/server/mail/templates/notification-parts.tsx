import { notificationLabel as settingLabel, type NotificationKey } from '@shared/account.contract';
/** Why the email came and how to stop it: the switch's name and the one-click unsubscribe page. */
export function NotificationFooter({
  setting,
  unsubscribe,
}: {
  setting: NotificationKey;
  unsubscribe: string;
}) {
  return (
    <p
      style={{
        margin: '28px 0 0',
        paddingTop: 16,
        borderTop: '1px solid #e7e5e4',
        fontSize: 13,
        lineHeight: '20px',
        color: '#57534e',
      }}
    >
      You get this email because &lsquo;{settingLabel(setting)}&rsquo; is on in Cadence&rsquo;s
      Settings. <a href={unsubscribe}>Turn it off</a>.
    </p>
  );
}

export function notificationFooterText(setting: NotificationKey, unsubscribe: string): string {
  return `You get this email because '${settingLabel(setting)}' is on in Cadence's Settings. Turn it off: ${unsubscribe}`;
}

/** A local date (YYYY-MM-DD) as words: 'Monday, 23 November 2026'. */
export function dayWords(date: string, weekday = true): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    ...(weekday ? { weekday: 'long' } : {}),
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** A change against the period before: '+12.5%', '-3%', 'new' (nothing before), '±0%' (nothing either side). */
export function changeWords(figure: { value: number; change: number | null }): string {
  if (figure.change === null) return figure.value === 0 ? '±0%' : 'new';
  return `${figure.change > 0 ? '+' : ''}${figure.change}%`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
