import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DailySales } from '../../../../../common/schemas/admin';

/** One currency's revenue per day over the 30-day window (issue 14; never two currencies). */
export function SalesChart({
  days,
  label,
  formatDay,
  formatAmount,
  testId,
}: {
  days: DailySales[];
  label: string;
  formatDay: (day: string) => string;
  formatAmount: (cents: number) => string;
  testId: string;
}) {
  return (
    <figure className="mb-0" aria-label={label} data-testid={testId}>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={days} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={formatDay} minTickGap={16} />
          <YAxis tickFormatter={formatAmount} width={80} />
          <Tooltip
            labelFormatter={(value) => formatDay(String(value))}
            formatter={(value) => [formatAmount(Number(value)), label]}
          />
          <Bar
            dataKey="revenueCents"
            name={label}
            fill="var(--bs-primary)"
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
