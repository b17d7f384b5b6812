import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LoginResponse } from '../../common/schemas/auth';
import { RefundResponse } from '../../common/schemas/transactions';
import { hashPassword } from '../../server/auth/passwords';
import { REFUND_ADMIN, seedMoney, seedRefunds } from '../hot/money';
import type { Scenario } from './types';

/*
 * The refund path (issue 43) on its own: an admin refunds in full, with a fresh Idempotency-Key,
 * another balance payment with every request (the entitlement ends, the creator's earnings and
 * the fee go back, the buyer's balance is credited, the event is recorded). The payments are
 * seeded by SQL as the money benchmark's (bench/hot/money.ts), which also weighs this path
 * against a minimal one-statement refund.
 */

const PASSWORD = 'B3nch!Refund-pass';
/** Payments to refund: more than a 10 s run at this path's pace refunds. */
const PAYMENTS = 20_000;

/** The seeded payments' ids, read back by the scenario's prepare (a fresh process). */
let refundable: number[] = [];

async function signIn(url: string): Promise<string> {
  const res = await fetch(new URL('/v1/auth/login', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: REFUND_ADMIN, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return LoginResponse.parse(await res.json()).token;
}

export const refund: Scenario = {
  name: 'refund',
  description: `POST /api/v1/admin/sales/{id}/refund: a full refund of a fresh balance payment per request`,
  env: { REFUND_RATE_LIMIT_PER_MINUTE: '100000000' },
  async seedDatabase(db) {
    const passwordHash = await hashPassword(PASSWORD);
    await seedMoney(db, { items: 1, passwordHash });
    refundable = await seedRefunds(db, { sales: PAYMENTS, passwordHash });
    // Planner statistics of the seeded rows, as a database in use has them.
    await db.execute(sql`VACUUM ANALYZE`);
  },
  async prepare({ url }) {
    const token = await signIn(url);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    let next = 0;
    const take = () => {
      const id = refundable[next];
      if (id === undefined) throw new Error('every seeded payment is refunded: seed more');
      next += 1;
      return id;
    };
    // Fails before measuring unless a refund answers as it should.
    const res = await fetch(new URL(`/api/v1/admin/sales/${take()}/refund`, url), {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: '{}',
    });
    if (!res.ok) throw new Error(`refund answered ${res.status}: ${await res.text()}`);
    const answer = RefundResponse.parse(await res.json());
    if (answer.transaction.refundState !== 'refunded') {
      throw new Error(`refund left the payment ${answer.transaction.refundState}`);
    }
    return {
      path: '/',
      steps: [
        {
          request: () => ({
            method: 'POST',
            path: `/api/v1/admin/sales/${take()}/refund`,
            headers: { ...headers, 'idempotency-key': randomUUID() },
            body: '{}',
          }),
        },
      ],
    };
  },
};
