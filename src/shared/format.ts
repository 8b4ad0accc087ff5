/** Pure display helpers shared by the owner's screens and the public page (product.md §9). */

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * A duration in seconds (number or numeric text, the Video's type) as hours and minutes, minutes
 * only, or seconds under a minute (product.md §9): 3900 -> '1 h 5 min', 2700 -> '45 min',
 * 30 -> '30 s'. Null when unknown. The one duration format of every screen.
 */
export function formatDuration(seconds: string | number | null | undefined): string | null {
  const total = toNumber(seconds);
  if (total === null) return null;
  if (Math.round(total) < 60) return `${Math.round(total)} s`;
  const minutes = Math.round(total / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * A size in bytes (number or numeric text) in GB or MB with two decimals (product.md §9):
 * 1610612736 -> '1.50 GB', 5242880 -> '5.00 MB'. Null when unknown.
 */
export function formatSize(bytes: string | number | null | undefined): string | null {
  const n = toNumber(bytes);
  if (n === null) return null;
  const mb = (n / MB).toFixed(2);
  // Just under 1 GB would round to '1024.00 MB': show it in GB like the rest.
  if (n >= GB || Number(mb) >= 1024) return `${(n / GB).toFixed(2)} GB`;
  return `${mb} MB`;
}

/**
 * Watch time given in hours: minutes below an hour ('45 min'), hours from one ('2.25 h'). The
 * analytics screen's and the report emails'.
 */
export function formatWatchTime(hours: number): string {
  const minutes = Math.round(hours * 60);
  return minutes < 60
    ? `${minutes.toLocaleString()} min`
    : `${hours.toLocaleString(undefined, { maximumFractionDigits: 2 })} h`;
}

/** A playhead time for riders: '4:05', '1:02:09'. */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
