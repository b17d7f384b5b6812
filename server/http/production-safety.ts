import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isMailUndelivered } from '../adapters/mail/index';
import type { Config } from '../config';

/**
 * The start log's warnings about setups that work but are unsafe (issue 18); docs/operations.md
 * "Production safety" lists each rule. Pure, so each rule is unit-tested. `config` is the
 * configuration as the environment gave it, before a generated root secret fills JWT_SECRET.
 */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.DATABASE_URL && !config.JWT_SECRET && !config.isProduction) {
    // Whoever holds a copy of the database then holds the key of everything it protects: session
    // signatures, mail links and, without PAYOUT_KEY, the sealed payout numbers.
    warnings.push(
      'JWT_SECRET is not set while DATABASE_URL is: the generated root secret is kept in the ' +
        'database itself, beside the payout numbers it seals and the sessions it signs, so a ' +
        'copy of the database opens them. Set JWT_SECRET (at least 32 characters) outside the ' +
        'database.',
    );
  }
  if (config.paymentsProvider === 'none') {
    warnings.push(
      'Payments are off: NODE_ENV=production without STRIPE_SECRET_KEY, and PAYMENTS_PROVIDER=local ' +
        'was not chosen, so every checkout answers 503. Configure Stripe, or set ' +
        'PAYMENTS_PROVIDER=local to take test payments (no money moves).',
    );
  } else if (config.paymentsProvider === 'local' && config.isProduction) {
    warnings.push(
      'Test payments are on in production (PAYMENTS_PROVIDER=local): anyone can pay with test ' +
        'card numbers and no money moves. Checkout pages say so.',
    );
  }
  if (config.DATABASE_URL && !config.S3_BUCKET) {
    warnings.push(
      'Media are stored on local disk (DATA_DIR/media) while DATABASE_URL is set: several ' +
        'instances sharing that database would not share their files. Set S3_BUCKET.',
    );
  }
  if (config.apiDocs && config.isProduction) {
    warnings.push(
      'The API documentation is served at /api/docs in production (API_DOCS=true): it maps every ' +
        'route for anyone. Set API_DOCS=false unless you mean to publish it.',
    );
  }
  if (isMailUndelivered(config)) {
    warnings.push(
      'Mail is not delivered: NODE_ENV=production without SMTP_URL or SMTP_HOST, so mails go to ' +
        'the admin outbox and reach nobody (no address verification, no password reset). ' +
        'Configure an SMTP server.',
    );
  }
  return warnings;
}

const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'] as const;

/**
 * With TRUST_PROXY off, X-Forwarded-* headers arriving mean a proxy sits in front: every client
 * then has the proxy's address (one shared rate-limit budget). Warned once per process.
 */
export function warnOnForwardedHeaders(app: FastifyInstance, config: Config): void {
  if (config.TRUST_PROXY) return;
  let warned = false;
  const warnOnce = (request: FastifyRequest) => {
    const seen = FORWARDED_HEADERS.filter((name) => request.headers[name] !== undefined);
    if (seen.length === 0) return;
    warned = true;
    request.log.warn(
      { headers: seen },
      `${seen.join(', ')} arrived while TRUST_PROXY is off: a proxy seems to sit in front of ` +
        'this server, so every client has its address (one shared rate-limit budget). ' +
        'Set TRUST_PROXY=true if the proxy is yours.',
    );
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned) warnOnce(request);
    done();
  });
}
