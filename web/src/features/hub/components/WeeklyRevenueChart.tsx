import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { centsToAmount, formatMoney, type Currency } from '../../../../../common/rules/money';
import type { HubDashboardResponse } from '../../../../../common/schemas/hub';

const COLOURS: Record<Currency, string> = { eur: 'var(--bs-primary)', usd: 'var(--bs-success)' };

/**
 * SPEC §2 weekly revenue, Monday to Sunday, one bar series per currency (issue 15: euros and
 * dollars are never added). Its own module so recharts loads only with the Control Hub.
 */
export default function WeeklyRevenueChart({
  week,
  label,
  locale,
}: {
  week: HubDashboardResponse['week'];
  label: string;
  locale: string;
}) {
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const data = week.days.map((day) => {
    const row: Record<string, string | number> = {
      day: weekday.format(new Date(`${day.date}T12:00:00Z`)),
    };
    for (const currency of week.currencies) {
      row[currency] = day.revenue.find((r) => r.currency === currency)?.cents ?? 0;
    }
    return row;
  });
  return (
    <figure className="mb-0" aria-label={label} data-testid="hub-weekly-chart">
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" />
          {/* The bars are cents; the axis reads in whole units. */}
          <YAxis tickFormatter={(cents: number) => String(centsToAmount(cents))} />
          <Tooltip
            formatter={(value, name) => [
              formatMoney(Number(value), String(name), locale),
              String(name).toUpperCase(),
            ]}
          />
          <Legend formatter={(name) => String(name).toUpperCase()} />
          {week.currencies.map((currency) => (
            <Bar
              key={currency}
              dataKey={currency}
              name={currency}
              fill={COLOURS[currency]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
