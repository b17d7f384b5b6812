import { STATUS_CODES } from 'node:http';
import { ERROR_CATALOGUE } from '../../../common/errors';
import type { ErrorStatus } from './route-doc';

/** The component name of each refusal status (`#/components/responses/<name>`). */
const RESPONSE_NAMES: Record<ErrorStatus, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  402: 'PaymentRequired',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Gone',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  416: 'RangeNotSatisfiable',
  429: 'TooManyRequests',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
  504: 'GatewayTimeout',
  507: 'InsufficientStorage',
};

/** Statuses whose answer says when to try again. */
const RETRY_AFTER = new Set<ErrorStatus>([429, 503]);

/** The shared `{ error, code }` schema (common/schemas/health.ts ErrorResponse). */
export const ERROR_SCHEMA_REF = '#/components/schemas/ErrorResponse';

export const errorResponseRef = (status: ErrorStatus) => ({
  $ref: `#/components/responses/${RESPONSE_NAMES[status]}`,
});

/** The catalogue codes a status is answered with, so a client can tell refusals apart. */
function codesOf(status: ErrorStatus): string[] {
  return Object.entries(ERROR_CATALOGUE)
    .filter(([, entry]) => entry.status === status)
    .map(([code]) => code);
}

/** `components.responses` for the refusal statuses the document uses. */
export function errorResponseComponents(used: Iterable<ErrorStatus>): Record<string, unknown> {
  const components: Record<string, unknown> = {};
  for (const status of [...new Set(used)].sort((a, b) => a - b)) {
    const codes = codesOf(status);
    components[RESPONSE_NAMES[status]] = {
      description:
        `${STATUS_CODES[status] ?? 'Refused'}: \`{ error, code }\`` +
        (codes.length ? `, \`code\` one of ${codes.map((c) => `\`${c}\``).join(', ')}` : '') +
        (status === 400 || status === 409 ? ', or a form message key (common/errors.ts)' : '') +
        '.',
      ...(RETRY_AFTER.has(status)
        ? {
            headers: {
              'retry-after': {
                description: 'Seconds to wait before trying again.',
                schema: { type: 'string' },
              },
            },
          }
        : {}),
      content: { 'application/json': { schema: { $ref: ERROR_SCHEMA_REF } } },
    };
  }
  return components;
}
