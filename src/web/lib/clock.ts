/**
 * A time typed as minutes and seconds ('4:05', '75:00'), with hours ('1:02:09'), or whole minutes
 * ('12'), in seconds; null when it is none of these (seconds and minutes after hours are 00-59).
 */
export function parseClock(text: string): number | null {
  const typed = text.trim();
  if (/^\d{1,4}$/.test(typed)) return Number(typed) * 60;
  const minutes = /^(\d{1,4}):([0-5]\d)$/.exec(typed);
  if (minutes) return Number(minutes[1]) * 60 + Number(minutes[2]);
  const hours = /^(\d{1,2}):([0-5]\d):([0-5]\d)$/.exec(typed);
  if (hours) return Number(hours[1]) * 3600 + Number(hours[2]) * 60 + Number(hours[3]);
  return null;
}
