/** One bar of the report's chart. */
export interface ChartBar {
  label: string;
  value: number;
}

const WIDTH = 560;
const HEIGHT = 220;
const TOP = 30;
const BOTTOM = 36;
const ACCENT = '#c2410c';

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A small bar chart as SVG (the weekly report's views per day): a bar per day with its value above
 * and its label below. Rendered to PNG when the email is sent (mail clients do not show SVG).
 */
export function barChartSvg(bars: ChartBar[]): string {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = WIDTH / Math.max(1, bars.length);
  const barWidth = Math.min(48, slot * 0.6);
  const room = HEIGHT - TOP - BOTTOM;
  const shapes = bars.map((b, i) => {
    const h = b.value === 0 ? 2 : Math.max(4, (b.value / max) * room);
    const x = i * slot + (slot - barWidth) / 2;
    const y = TOP + room - h;
    const mid = i * slot + slot / 2;
    return [
      `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${h.toFixed(1)}" rx="4" fill="${b.value === 0 ? '#d6d3d1' : ACCENT}"/>`,
      `<text x="${mid.toFixed(1)}" y="${(y - 8).toFixed(1)}" text-anchor="middle" font-size="20" font-weight="700" fill="#1c1917">${b.value}</text>`,
      `<text x="${mid.toFixed(1)}" y="${HEIGHT - 10}" text-anchor="middle" font-size="19" fill="#57534e">${escape(b.label)}</text>`,
    ].join('');
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>` +
    `<line x1="0" y1="${TOP + room + 0.5}" x2="${WIDTH}" y2="${TOP + room + 0.5}" stroke="#e7e5e4"/>` +
    shapes.join('') +
    `</svg>`
  );
}
