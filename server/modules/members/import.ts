import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../common/rules/permissions';
import type {
  MemberImportQuery,
  MemberImportReport,
  MemberImportState,
} from '../../../common/schemas/members';
import { authorize } from '../../auth/authorize';
import type { Clock } from '../../context';
import type { Database, Db } from '../../db/client';
import { recordEvent, systemMeta, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import type { JobRunner } from '../../jobs/runner';
import { queueMail } from '../mail/index';
import { matchAddresses } from './import-matches.read-model';
import { readMemberFile, type RefusedLine } from './import-file';
import { inviteAddress } from './invitations';
import { memberImports, type ImportedAddress } from './tables';

/** The job kind that carries out one import. */
export const MEMBER_IMPORT_JOB = 'members-import';

type Comp = MemberImportReport['comp'];

interface Plan {
  toInvite: ImportedAddress[];
  matching: (ImportedAddress & { userId: string })[];
  refused: RefusedLine[];
}

/** Sorts the file's addresses by what happens to each, as the database stands now. */
async function planOf(db: Db, creatorId: string, addresses: ImportedAddress[]): Promise<Plan> {
  const plan: Plan = { toInvite: [], matching: [], refused: [] };
  if (addresses.length === 0) return plan;
  const found = await matchAddresses(
    db,
    creatorId,
    addresses.map((a) => a.email),
  );
  for (const address of addresses) {
    const email = address.email.toLowerCase();
    const userId = found.accounts.get(email);
    if (email === found.own) plan.refused.push({ ...address, reason: 'own_address' });
    else if (userId) plan.matching.push({ ...address, userId });
    else if (found.invited.has(email)) plan.refused.push({ ...address, reason: 'already_invited' });
    else plan.toInvite.push(address);
  }
  return plan;
}

const line = ({ line, email }: ImportedAddress) => ({ line, email });

/**
 * POST /api/v1/creator/members/import (issue 42). The file is read and checked whole first (a
 * malformed or oversized one is refused and changes nothing). A dry run answers what would
 * happen; otherwise the import is stored and queued as one job, which invites and notifies, and
 * the answer is the same report with the import's id.
 */
export async function importMembers(
  deps: { db: Database; jobs: JobRunner },
  actor: Actor | null,
  bytes: Buffer,
  query: MemberImportQuery,
  meta: EventMeta,
): Promise<MemberImportReport> {
  authorize(actor, 'members.manage');
  const file = readMemberFile(bytes);
  const plan = await planOf(deps.db, actor.id, file.addresses);
  const comp: Comp = query.tier && query.months ? { tier: query.tier, months: query.months } : null;
  let importId: string | null = null;
  if (!query.dryRun) {
    importId = crypto.randomUUID();
    const id = importId;
    await deps.db.transaction(async (tx) => {
      await tx.insert(memberImports).values({
        id,
        creatorId: actor.id,
        addresses: file.addresses,
        compTier: comp?.tier ?? null,
        compMonths: comp?.months ?? null,
        createdAt: meta.at,
      });
      await deps.jobs.enqueue(
        tx,
        MEMBER_IMPORT_JOB,
        { importId: id },
        { key: `${MEMBER_IMPORT_JOB}:${id}` },
      );
      await recordEvent(
        tx,
        actor,
        {
          type: 'members.import_queued',
          subjectId: actor.id,
          data: { importId: id, rows: file.rows },
        },
        meta,
      );
    });
  }
  return {
    dryRun: query.dryRun,
    rows: file.rows,
    toInvite: plan.toInvite.map(line),
    matching: plan.matching.map(line),
    refused: [
      ...file.refused,
      ...plan.refused.map((r) => ({ line: r.line, email: r.email, reason: r.reason })),
    ].sort((a, b) => a.line - b.line),
    comp,
    importId,
  };
}

/**
 * GET /api/v1/creator/members/imports/{importId}: where one of the signed-in creator's imports
 * stands (queued, or done with what its job did). Another creator's import is not found (404).
 */
export async function memberImportState(
  db: Db,
  actor: Actor | null,
  importId: string,
): Promise<MemberImportState> {
  authorize(actor, 'members.manage');
  const [row] = await db
    .select({
      id: memberImports.id,
      status: memberImports.status,
      // Counted in the database: the list itself can be 10,000 addresses.
      addresses: sql<number>`jsonb_array_length(${memberImports.addresses})::int`,
      invited: memberImports.invited,
      matched: memberImports.matched,
      compTier: memberImports.compTier,
      compMonths: memberImports.compMonths,
      createdAt: memberImports.createdAt,
      finishedAt: memberImports.finishedAt,
    })
    .from(memberImports)
    .where(and(eq(memberImports.id, importId), eq(memberImports.creatorId, actor.id)));
  if (!row) throw fail('member_import_not_found');
  return {
    importId: row.id,
    status: row.status,
    addresses: row.addresses,
    invited: row.invited,
    matched: row.matched,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    comp: row.compTier && row.compMonths ? { tier: row.compTier, months: row.compMonths } : null,
  };
}

/**
 * The import job: in one transaction, each address without an account gets its one invitation
 * (none if the creator invited it before), each matching account one notice, never a new
 * account and no change to one. Runs once: a done import is skipped.
 */
export async function runMemberImport(
  deps: { db: Database; clock: Clock; mailKey: Buffer },
  importId: string,
): Promise<void> {
  const meta = systemMeta(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(memberImports)
      .where(and(eq(memberImports.id, importId), eq(memberImports.status, 'queued')))
      .for('update', { skipLocked: true });
    if (!row) return;
    const plan = await planOf(tx, row.creatorId, row.addresses);
    const comp =
      row.compTier && row.compMonths ? { tier: row.compTier, months: row.compMonths } : null;
    let invited = 0;
    for (const address of plan.toInvite) {
      const sent = await inviteAddress(
        tx,
        deps.mailKey,
        {
          creatorId: row.creatorId,
          importId: row.id,
          email: address.email,
          name: address.name,
          comp,
        },
        meta,
      );
      if (sent) invited += 1;
    }
    for (const match of plan.matching) {
      await queueMail(
        tx,
        {
          template: 'member-import-notice',
          userId: match.userId,
          params: { creatorId: row.creatorId },
        },
        `member-import-notice:${row.creatorId}:${match.userId}`,
        meta,
      );
    }
    await tx
      .update(memberImports)
      .set({ status: 'done', invited, matched: plan.matching.length, finishedAt: meta.at })
      .where(eq(memberImports.id, row.id));
    await recordEvent(
      tx,
      null,
      {
        type: 'members.imported',
        subjectId: row.creatorId,
        data: {
          importId: row.id,
          invited,
          matched: plan.matching.length,
          refused: plan.refused.length,
        },
      },
      meta,
    );
  });
}

/**
 * The import job gave up after its last attempt: the import is `failed` (its one transaction
 * never committed, so nobody was invited or notified), audited as `members.import_failed`.
 */
export async function failMemberImport(
  deps: { db: Database; clock: Clock },
  importId: string,
  attempts: number,
): Promise<void> {
  const meta = systemMeta(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(memberImports)
      .set({ status: 'failed', finishedAt: meta.at })
      .where(and(eq(memberImports.id, importId), eq(memberImports.status, 'queued')))
      .returning({ creatorId: memberImports.creatorId });
    if (!row) return;
    await recordEvent(
      tx,
      null,
      { type: 'members.import_failed', subjectId: row.creatorId, data: { importId, attempts } },
      meta,
    );
  });
}

/** Registers the import job with the runner (retried with backoff, then given up as failed). */
export function defineMemberImportJob(
  jobs: JobRunner,
  deps: { db: Database; clock: Clock; mailKey: Buffer },
): void {
  jobs.define(
    MEMBER_IMPORT_JOB,
    async (payload) => {
      if (typeof payload.importId === 'string') await runMemberImport(deps, payload.importId);
    },
    {
      onGiveUp: async (job) => {
        if (typeof job.payload.importId === 'string') {
          await failMemberImport(deps, job.payload.importId, job.attempts);
        }
      },
    },
  );
}
