import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ItemMailBar {
  key: string;
  label: string;
  value: number;
}

/** The item's new-post e-mails as bars (sent, clicked); recharts loads only with this module. */
export default function ItemMailChart({ bars, label }: { bars: ItemMailBar[]; label: string }) {
  return (
    <figure className="mb-0" aria-label={label}>
      <ResponsiveContainer width="100%" height={180}>
        <BarChart data={bars} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="value" name={label} fill="var(--bs-primary)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
