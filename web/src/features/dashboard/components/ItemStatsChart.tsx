import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export interface ItemStatsLine {
  key: string;
  label: string;
}

const COLORS = ['var(--bs-primary)', 'var(--bs-info)', 'var(--bs-success)', 'var(--bs-warning)'];

/**
 * One line per metric over the item's days; a separate module so recharts loads only with it.
 * Rows are `{ day, [metric]: count }`; a new metric is one more line.
 */
export default function ItemStatsChart({
  rows,
  lines,
  label,
}: {
  rows: Record<string, string | number>[];
  lines: ItemStatsLine[];
  label: string;
}) {
  return (
    <figure className="mb-0" aria-label={label}>
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          {lines.map((line, i) => (
            <Line
              key={line.key}
              dataKey={line.key}
              name={line.label}
              stroke={COLORS[i % COLORS.length]}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
