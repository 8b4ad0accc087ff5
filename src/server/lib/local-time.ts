/** Wall-clock dates and hours in an IANA time zone (the owner's), from instants and back. */

export interface LocalTime {
  /** YYYY-MM-DD. */
  date: string;
  /** 1 (Monday) to 7 (Sunday). */
  weekday: number;
  /** 0-23. */
  hour: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function parts(at: Date, timeZone: string) {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
    weekday: WEEKDAYS.indexOf(p.weekday!) + 1,
  };
}

/** The date, weekday and hour the clock on the wall shows at `at` in `timeZone`. */
export function localTime(at: Date, timeZone: string): LocalTime {
  const p = parts(at, timeZone);
  const date = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  return { date, weekday: p.weekday, hour: p.hour };
}

/** The date `days` days after (or before) a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The instant a local date begins in `timeZone` (its midnight; DST shifts taken into account). */
export function startOfDay(date: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`);
  // The zone's offset at a guess, then at the corrected instant (one step fixes a DST change).
  const shownAt = (instant: number) => {
    const p = parts(new Date(instant), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  };
  let at = wall;
  for (let i = 0; i < 2; i += 1) at += wall - shownAt(at);
  // A zone whose clocks skip midnight itself: the day starts when its clock first shows the date.
  const shown = shownAt(at);
  if (shown < wall) at += wall - shown;
  return new Date(at);
}

/**
 * The instant the wall clock in `timeZone` shows `minute` minutes after midnight of a YYYY-MM-DD
 * date. Where a DST change repeats the time, the first of the two; where it skips the time (the
 * clocks go forward past it), the instant the gap's length later (02:30 on a 02:00→03:00 morning
 * is 03:30).
 */
export function wallClockInstant(date: string, minute: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  const shownAt = (instant: number) => {
    const p = parts(new Date(instant), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  };
  const day = 24 * 60 * 60_000;
  // The zone's offsets a day before and a day after: a zone changes at most once in between.
  const candidates = [wall - day, wall + day].map((probe) => wall - (shownAt(probe) - probe));
  const shown = candidates.filter((at) => shownAt(at) === wall);
  return new Date(shown.length > 0 ? Math.min(...shown) : Math.max(...candidates));
}
