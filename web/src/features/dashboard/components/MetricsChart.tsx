import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface MetricBar {
  name: string;
  value: number;
}

/** The metrics side by side; a separate module so recharts loads only with the dashboard chart. */
export default function MetricsChart({ data, label }: { data: MetricBar[]; label: string }) {
  return (
    <figure className="mb-0" aria-label={label}>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="value" name={label} fill="var(--bs-primary)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
