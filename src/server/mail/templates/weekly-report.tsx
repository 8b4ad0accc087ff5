import { formatWatchTime } from '@shared/format';
import { EmailButton, EmailLayout } from './layout';
import {
  changeWords,
  dayWords,
  NotificationFooter,
  notificationFooterText,
  plural,
} from './notification-parts';

interface Figure {
  value: number;
  /** % against the week before; null when that week had nothing. */
  change: number | null;
}

/** Last week's figures (Monday to Sunday in the owner's time zone), from the analytics queries. */
export interface WeeklyReport {
  /** The Monday the week started, YYYY-MM-DD. */
  weekStart: string;
  views: Figure;
  watchTimeHours: Figure;
  activeRiders: Figure;
  /** Views per day, Monday first. */
  days: Array<{ date: string; views: number }>;
  topClasses: Array<{ title: string; views: number }>;
  link: string;
  unsubscribe: string;
}

/** The chart's content id: the HTML shows the attached PNG through `cid:`. */
export const WEEKLY_CHART_CID = 'views-per-day';

export const weeklyReportSubject = (r: Pick<WeeklyReport, 'weekStart'>) =>
  `Your week on Cadence: ${dayWords(r.weekStart, false)}`;

const weekday = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', timeZone: 'UTC' });

export const chartBars = (r: Pick<WeeklyReport, 'days'>) =>
  r.days.map((d) => ({ label: weekday(d.date), value: d.views }));

const figures = (r: WeeklyReport) => [
  { label: 'Views', value: r.views.value.toLocaleString('en'), change: changeWords(r.views) },
  {
    label: 'Watch time',
    value: formatWatchTime(r.watchTimeHours.value),
    change: changeWords(r.watchTimeHours),
  },
  {
    label: 'Active riders',
    value: r.activeRiders.value.toLocaleString('en'),
    change: changeWords(r.activeRiders),
  },
];

const chartAlt = (r: WeeklyReport) =>
  `Views per day: ${chartBars(r)
    .map((b) => `${b.label} ${b.value}`)
    .join(', ')}`;

/** Weekly Reports: every Monday morning in the owner's time zone, about the week before. */
export function WeeklyReportEmail(r: WeeklyReport) {
  const cell = { padding: '8px 4px', verticalAlign: 'top' as const, width: '33%' };
  return (
    <EmailLayout
      preview={`${plural(r.views.value, 'view')} in the week of ${dayWords(r.weekStart, false)}.`}
    >
      <p style={{ margin: 0 }}>
        Your riders in the week from {dayWords(r.weekStart)}, against the week before:
      </p>
      <table
        role="presentation"
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        style={{ margin: '16px 0' }}
      >
        <tbody>
          <tr>
            {figures(r).map((f) => (
              <td key={f.label} style={cell}>
                <div style={{ fontSize: 13, color: '#57534e' }}>{f.label}</div>
                <div style={{ fontSize: 22, fontWeight: 700 }}>{f.value}</div>
                <div style={{ fontSize: 13, color: '#57534e' }}>{f.change}</div>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <img
        src={`cid:${WEEKLY_CHART_CID}`}
        alt={chartAlt(r)}
        width={560}
        style={{ display: 'block', width: '100%', maxWidth: 560, height: 'auto', border: 0 }}
      />
      {r.topClasses.length > 0 && (
        <>
          <p style={{ margin: '20px 0 4px', fontWeight: 600 }}>Top classes</p>
          <ol style={{ margin: 0, paddingLeft: 20 }}>
            {r.topClasses.map((c) => (
              <li key={c.title}>
                {c.title} ({plural(c.views, 'view')})
              </li>
            ))}
          </ol>
        </>
      )}
      <EmailButton href={r.link}>See your analytics</EmailButton>
      <NotificationFooter setting="notifyWeeklyReports" unsubscribe={r.unsubscribe} />
    </EmailLayout>
  );
}

export function weeklyReportText(r: WeeklyReport): string {
  return [
    'Cadence',
    '',
    `Your riders in the week from ${dayWords(r.weekStart)}, against the week before:`,
    '',
    ...figures(r).map((f) => `${f.label}: ${f.value} (${f.change})`),
    '',
    chartAlt(r),
    ...(r.topClasses.length > 0
      ? [
          '',
          'Top classes:',
          ...r.topClasses.map((c, i) => `${i + 1}. ${c.title} (${plural(c.views, 'view')})`),
        ]
      : []),
    '',
    `See your analytics: ${r.link}`,
    '',
    notificationFooterText('notifyWeeklyReports', r.unsubscribe),
  ].join('\n');
}
