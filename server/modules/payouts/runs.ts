import { desc, eq, inArray, sql } from 'drizzle-orm';
import { addMoney, type MoneyByCurrency } from '../../../common/rules/money';
import type { Actor } from '../../../common/rules/permissions';
import type { PayoutRunList, PayoutRunSummary } from '../../../common/schemas/payouts';
import type { PayoutProvider } from '../../adapters/payouts/index';
import { authorize } from '../../auth/authorize';
import type { Database, Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { JobRunner } from '../../jobs/runner';
import { bookPayout, carriedBalances, payableBalances } from '../billing/index';
import { personName, toAmounts } from '../hub/index';
import { lockDueCreators, transfersOfRun } from './runs.read-model';
import { payoutRuns, payoutTransfers } from './tables';

/** The queued job that hands one booked payout to the payout provider (transfer-job.ts). */
export const PAYOUT_TRANSFER_JOB = 'payout-transfer';

export interface PayoutRunDeps {
  db: Database;
  provider: Pick<PayoutProvider, 'name'>;
  jobs: Pick<JobRunner, 'enqueue'>;
}

/** The ledger ref of one creator's payout in one currency within a run: booked at most once. */
export const payoutRef = (runId: string, creatorId: string, currency: string) =>
  `payout:${runId}:${creatorId}:${currency}`;

/**
 * POST /api/v1/hub/payouts/run (issue 15, beyond the SPEC). In one transaction: the run is
 * recorded under its idempotency key (a repeated key answers the earlier run and books
 * nothing); the settings of the creators due a payout are locked, so a second run started
 * meanwhile waits and then finds nothing left to pay; each creator's payable balance per
 * currency (earnings minus payouts) is booked as one payout entry and queued for the provider.
 * Due: payout status active, auto payout on, an account number on file, the account active
 * with a verified e-mail address (issue 16).
 */
export async function runPayouts(
  deps: PayoutRunDeps,
  actor: Actor | null,
  idempotencyKey: string,
  meta: EventMeta,
): Promise<PayoutRunSummary> {
  authorize(actor, 'hub.payouts.run');
  const { runId, replayed } = await deps.db.transaction(async (tx) => {
    const [run] = await tx
      .insert(payoutRuns)
      .values({
        idempotencyKey,
        startedBy: actor.id,
        provider: deps.provider.name,
        createdAt: meta.at,
      })
      .onConflictDoNothing({ target: payoutRuns.idempotencyKey })
      .returning({ id: payoutRuns.id });
    if (!run) {
      const [earlier] = await tx
        .select({ id: payoutRuns.id })
        .from(payoutRuns)
        .where(eq(payoutRuns.idempotencyKey, idempotencyKey));
      if (!earlier) throw new Error('payout run key conflicted but no run holds it');
      return { runId: earlier.id, replayed: true };
    }

    const due = await lockDueCreators(tx);
    const balances = await payableBalances(
      tx,
      due.map((d) => d.creatorId),
    );

    let totals: MoneyByCurrency = {};
    const paid = new Set<string>();
    for (const balance of balances) {
      const ref = payoutRef(run.id, balance.creatorId, balance.currency);
      const booked = await bookPayout(tx, {
        creatorId: balance.creatorId,
        amountCents: balance.cents,
        currency: balance.currency,
        ref,
        at: meta.at,
      });
      if (!booked) continue;
      const [transfer] = await tx
        .insert(payoutTransfers)
        .values({
          runId: run.id,
          creatorId: balance.creatorId,
          amountCents: balance.cents,
          currency: balance.currency,
          ledgerRef: ref,
          provider: deps.provider.name,
          createdAt: meta.at,
          updatedAt: meta.at,
        })
        .returning({ id: payoutTransfers.id });
      await deps.jobs.enqueue(
        tx,
        PAYOUT_TRANSFER_JOB,
        { transferId: transfer!.id },
        { key: `payout-transfer:${transfer!.id}` },
      );
      totals = addMoney(totals, balance.currency, balance.cents);
      paid.add(balance.creatorId);
    }
    await recordEvent(
      tx,
      actor,
      {
        type: 'payout.run_booked',
        subjectId: run.id,
        data: {
          runId: run.id,
          creators: paid.size,
          totals: toAmounts(totals).map((t) => ({ amountCents: t.cents, currency: t.currency })),
        },
      },
      meta,
      { audience: [...paid] },
    );
    return { runId: run.id, replayed: false };
  });
  return { ...(await runSummary(deps.db, runId)), replayed };
}

/** What a run booked: its transfers (creator, currency, amount, status) and totals per currency. */
export async function runSummary(
  db: Db,
  runId: string,
): Promise<Omit<PayoutRunSummary, 'replayed'>> {
  const [run] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, runId));
  if (!run) throw fail('payout_run_not_found');
  const rows = await transfersOfRun(db, runId);
  let totals: MoneyByCurrency = {};
  for (const row of rows) totals = addMoney(totals, row.currency, row.amountCents);
  return {
    runId: run.id,
    createdAt: run.createdAt.toISOString(),
    provider: run.provider,
    creators: new Set(rows.map((r) => r.creatorId)).size,
    transfers: rows.map((row) => ({
      creatorId: row.creatorId,
      creator: personName(row),
      currency: row.currency,
      amountCents: row.amountCents,
      status: row.status,
    })),
    totals: toAmounts(totals),
  };
}

/** How many runs the hub lists. */
const RECENT_RUNS = 20;
/** How many negative balances the hub lists (most owed first). */
const CARRIED_SHOWN = 100;

/**
 * GET /api/v1/hub/payouts/runs: the latest runs with their totals, newest first, and the
 * negative balances the next runs carry (issue 43).
 */
export async function listPayoutRuns(db: Db, actor: Actor | null): Promise<PayoutRunList> {
  authorize(actor, 'hub.read');
  const [runs, owed] = await Promise.all([
    db
      .select()
      .from(payoutRuns)
      .orderBy(desc(payoutRuns.createdAt), desc(payoutRuns.id))
      .limit(RECENT_RUNS),
    carriedBalances(db, CARRIED_SHOWN),
  ]);
  const carried = owed.map((o) => ({
    creatorId: o.creatorId,
    creator: o.username,
    currency: o.currency,
    amountCents: o.cents,
  }));
  if (runs.length === 0) return { runs: [], carried };
  const sums = await db
    .select({
      runId: payoutTransfers.runId,
      currency: payoutTransfers.currency,
      cents: sql<number>`sum(${payoutTransfers.amountCents})::int`,
    })
    .from(payoutTransfers)
    .where(
      inArray(
        payoutTransfers.runId,
        runs.map((r) => r.id),
      ),
    )
    .groupBy(payoutTransfers.runId, payoutTransfers.currency);
  const creators = await db
    .select({
      runId: payoutTransfers.runId,
      n: sql<number>`count(distinct ${payoutTransfers.creatorId})::int`,
    })
    .from(payoutTransfers)
    .where(
      inArray(
        payoutTransfers.runId,
        runs.map((r) => r.id),
      ),
    )
    .groupBy(payoutTransfers.runId);
  return {
    runs: runs.map((run) => {
      let totals: MoneyByCurrency = {};
      for (const sum of sums.filter((s) => s.runId === run.id)) {
        totals = addMoney(totals, sum.currency, Number(sum.cents));
      }
      return {
        runId: run.id,
        createdAt: run.createdAt.toISOString(),
        provider: run.provider,
        creators: Number(creators.find((c) => c.runId === run.id)?.n ?? 0),
        totals: toAmounts(totals),
      };
    }),
    carried,
  };
}

/** A run id from a path: anything that cannot be one is an unknown run. */
export function parseRunId(raw: string): string {
  if (!isUuid(raw)) throw fail('payout_run_not_found');
  return raw;
}
