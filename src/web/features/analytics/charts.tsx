import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartPoint {
  /** The axis label. */
  label: string;
  /** The full label for the screen-reader table. */
  fullLabel: string;
  value: number;
}

/** The analytics charts' axis labels and tooltip, in the theme's colours. */
export const AXIS_TICK = { fill: 'var(--color-muted-foreground)', fontSize: 12 };
export const TOOLTIP_STYLE = {
  contentStyle: {
    background: 'var(--color-popover)',
    color: 'var(--color-popover-foreground)',
    border: '1px solid var(--color-border)',
    borderRadius: 8,
    fontSize: 12,
  },
  labelStyle: { color: 'var(--color-popover-foreground)', fontWeight: 600 },
  itemStyle: { color: 'var(--color-popover-foreground)' },
};

/**
 * A bar chart drawn by recharts for the eye, with the same figures as a table for screen readers
 * (the drawing itself is hidden from assistive technology and takes no focus).
 */
export function BarSeries({
  data,
  caption,
  valueName,
  height = 240,
  interval = 0,
}: {
  data: ChartPoint[];
  caption: string;
  valueName: string;
  height?: number;
  /** Show every nth axis label (0 = all). */
  interval?: number;
}) {
  return (
    <div>
      <div aria-hidden="true" style={{ height }} className="w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            accessibilityLayer={false}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          >
            <CartesianGrid vertical={false} stroke="var(--color-border)" />
            <XAxis
              dataKey="label"
              tickLine={false}
              axisLine={false}
              tick={AXIS_TICK}
              interval={interval}
              tickMargin={8}
            />
            <YAxis
              allowDecimals={false}
              tickLine={false}
              axisLine={false}
              tick={AXIS_TICK}
              width={48}
            />
            <Tooltip
              cursor={{ fill: 'var(--color-muted)' }}
              labelFormatter={(_label, payload) => payload?.[0]?.payload?.fullLabel ?? ''}
              formatter={(value) => [value, valueName]}
              {...TOOLTIP_STYLE}
            />
            <Bar
              dataKey="value"
              fill="var(--color-primary)"
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      {/* The wrapper hides the table: a table ignores sr-only's 1px height and would lengthen the page. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Day or hour</th>
              <th scope="col">{valueName}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.fullLabel}>
                <th scope="row">{d.fullLabel}</th>
                <td>{d.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
