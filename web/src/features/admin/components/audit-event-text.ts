import type { TFunction } from 'i18next';
import type { AuditEvent } from '../../../../../common/schemas/audit-event';
import { formatMoney } from '../../../../../common/rules/money';

type Params = Record<string, string | number>;

const isMoney = (value: unknown): value is { amountCents: number; currency: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { amountCents?: unknown }).amountCents === 'number' &&
  typeof (value as { currency?: unknown }).currency === 'string';

/**
 * An event's data as the texts' parameters: amounts in the reader's money format (`amount`,
 * `net`, `totals`, any `{ amountCents, currency }` field), lists joined, plain values as they are.
 */
function paramsOf(data: Record<string, unknown>, language: string): Params {
  const params: Params = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
    else if (isMoney(value)) params[key] = formatMoney(value.amountCents, value.currency, language);
    else if (Array.isArray(value)) {
      params[key] = value
        .map((v) => (isMoney(v) ? formatMoney(v.amountCents, v.currency, language) : String(v)))
        .join(', ');
    }
  }
  const { netCents } = data;
  if (isMoney(data)) {
    params.amount = formatMoney(data.amountCents, data.currency, language);
    if (typeof netCents === 'number') params.net = formatMoney(netCents, data.currency, language);
  }
  return params;
}

/** What happened, in the reader's language (`audit.event.<type>` with the event's data). */
export function auditEventText(t: TFunction, event: AuditEvent, language: string): string {
  if (event.type === 'unknown') return t('audit.event.unknown', { action: event.action });
  return t(`audit.event.${event.type}`, paramsOf(event.data, language));
}
