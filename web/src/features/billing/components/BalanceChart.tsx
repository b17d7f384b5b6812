import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { BalancePoint } from './balance-series';

/** The balance over time; its own module so recharts loads only when the wallet shows it. */
export default function BalanceChart({
  points,
  label,
  formatDate,
  formatAmount,
}: {
  points: BalancePoint[];
  label: string;
  formatDate: (iso: string) => string;
  formatAmount: (cents: number) => string;
}) {
  return (
    <figure className="mb-0" aria-label={label} data-testid="balance-chart">
      <ResponsiveContainer width="100%" height={220}>
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="at" tickFormatter={formatDate} minTickGap={24} />
          <YAxis tickFormatter={formatAmount} width={80} />
          <Tooltip
            labelFormatter={(value) => formatDate(String(value))}
            formatter={(value) => [formatAmount(Number(value)), label]}
          />
          <Line
            type="stepAfter"
            dataKey="balanceCents"
            name={label}
            stroke="var(--bs-primary)"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
