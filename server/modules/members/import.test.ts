import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../../common/schemas/members';
import {
  auditEvents,
  jobs,
  memberImports,
  memberInvitations,
  subscriptions,
  users,
} from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { deliverMails, mailsTo } from '../mail/test-helpers';
import { linkToken } from '../mail/tokens';
import { MEMBER_IMPORT_JOB } from './import';
import { ghostCsv, importCsv } from './test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** What an import of this creator left in the database. */
async function traces(creator: TestUser) {
  const imports = await t.db
    .select()
    .from(memberImports)
    .where(eq(memberImports.creatorId, creator.user.id));
  const invitations = await t.db
    .select()
    .from(memberInvitations)
    .where(eq(memberInvitations.creatorId, creator.user.id));
  const queued = await t.db.select().from(jobs)
    .where(sql`${jobs.payload}->>'importId' in (select id::text from member_imports
      where creator_id = ${creator.user.id}::uuid)`);
  return { imports, invitations, queued };
}

/** The sign-up token of the invitation mail to `address` (the outbox hides it, issue 19). */
function inviteToken(jobKey: string): string {
  const id = /^mail:member-invite:([0-9a-f-]{36})$/.exec(jobKey)?.[1];
  if (!id) throw new Error(`not an invitation mail: ${jobKey}`);
  return linkToken(t.container.keys['mail-links'], id);
}

/** GET the import's state as `user`. */
const stateOf = (user: TestUser | null, importId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/creator/members/imports/${importId}`,
    headers: user ? user.auth : {},
  });

/**
 * Runs due jobs until the import is no longer queued (the app's own runner may hold its job
 * meanwhile); answers its state.
 */
async function importSettled(creator: TestUser, importId: string) {
  for (let round = 0; round < 1000; round += 1) {
    await t.container.jobs.runDue();
    const res = await stateOf(creator, importId);
    expect(res.statusCode, res.body).toBe(200);
    if (res.json<{ status: string }>().status !== 'queued') return res.json<unknown>();
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('the import job did not run');
}

/** Waits for the import's job to have carried it out. */
async function importDone(creator: TestUser, importId: string) {
  const state = await importSettled(creator, importId);
  expect(state).toMatchObject({ status: 'done' });
  return state;
}

describe('member import', () => {
  it('answers a dry run line by line and changes nothing', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const existing = await createUser(t);
    const fresh = `${uniqueName('new_')}@example.test`;
    const csv = ghostCsv([
      { email: fresh, name: 'New Person' },
      { email: existing.user.email.toUpperCase() },
      { email: 'not-an-address' },
      { email: '' },
      { email: fresh },
      { email: creator.user.email },
    ]);
    const res = await importCsv(t, creator, csv, { dryRun: 'true', tier: 'Hypr', months: '3' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      dryRun: true,
      rows: 6,
      toInvite: [{ line: 2, email: fresh }],
      matching: [{ line: 3, email: existing.user.email.toUpperCase() }],
      refused: [
        { line: 4, email: 'not-an-address', reason: 'email_invalid' },
        { line: 5, email: null, reason: 'email_missing' },
        { line: 6, email: fresh, reason: 'duplicate_in_file' },
        { line: 7, email: creator.user.email, reason: 'own_address' },
      ],
      comp: { tier: 'Hypr', months: 3 },
      importId: null,
    });
    expect(await traces(creator)).toEqual({ imports: [], invitations: [], queued: [] });
    expect(await mailsTo(t, fresh)).toEqual([]);
  });

  it('refuses a malformed file with its line number, and changes nothing', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const malformed: [string, number, string][] = [
      ['email,name\r\na@example.test,"Ann\r\nb@example.test,Bob\r\n', 2, 'unclosed_quote'],
      ['email,name\r\na@example.test,Ann\r\nb@exa"mple.test,Bob\r\n', 3, 'quote_in_field'],
      ['email,name\r\na@example.test,Ann\r\nb@example.test,"Bob"x\r\n', 3, 'text_after_quote'],
      ['email,name\r\na@example.test,Ann\r\nb@example.test,Bob,extra\r\n', 3, 'field_count'],
    ];
    for (const [csv, line, reason] of malformed) {
      const res = await importCsv(t, creator, csv);
      expect(res.statusCode, csv).toBe(400);
      expect(res.json(), csv).toMatchObject({
        code: 'import_malformed',
        params: { line, reason },
        error: `The file is not valid CSV: line ${line}: ${reason}`,
      });
    }
    const whole: [string, string][] = [
      ['name,note\r\nAnn,hi\r\n', 'import_no_email_column'],
      ['email,name\r\n', 'import_empty'],
    ];
    for (const [csv, code] of whole) {
      const res = await importCsv(t, creator, csv);
      expect(res.statusCode, csv).toBe(400);
      expect(res.json(), csv).toMatchObject({ code });
    }
    const notUtf8 = await importCsv(t, creator, Buffer.from([0x65, 0x6d, 0x0a, 0xff, 0xfe]));
    expect(notUtf8.statusCode).toBe(400);
    expect(notUtf8.json()).toMatchObject({
      code: 'import_malformed',
      params: { line: 1, reason: 'not_utf8' },
    });
    expect(await traces(creator)).toEqual({ imports: [], invitations: [], queued: [] });
  });

  it('refuses a file with too many rows or too many bytes', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `m${i}@example.test`);
    const tooMany = await importCsv(t, creator, `email\n${rows.join('\n')}\n`, { dryRun: 'true' });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({ code: 'import_too_many_rows' });
    const atLimit = await importCsv(t, creator, `email\n${rows.slice(1).join('\n')}\n`, {
      dryRun: 'true',
    });
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json()).toMatchObject({ rows: IMPORT_MAX_ROWS });
    const big = `email,note\n${'a@example.test,'.padEnd(IMPORT_MAX_BYTES, 'x')}\n`;
    const tooBig = await importCsv(t, creator, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'import_file_too_large' });
    expect(await traces(creator)).toEqual({ imports: [], invitations: [], queued: [] });
  });

  it('refuses bad queries and other callers', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const csv = ghostCsv([{ email: 'x@example.test' }]);
    expect((await importCsv(t, null, csv)).statusCode).toBe(401);
    expect((await importCsv(t, fan, csv)).statusCode).toBe(403);
    const queries: Record<string, string>[] = [
      { tier: 'Hypr' },
      { months: '2' },
      { tier: 'Aura', months: '1' },
    ];
    for (const query of queries) {
      expect((await importCsv(t, creator, csv, query)).statusCode, JSON.stringify(query)).toBe(400);
    }
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/v1/creator/members/import',
      headers: creator.auth,
      payload: { email: 'x' },
    });
    expect(notMultipart.statusCode).toBeGreaterThanOrEqual(400);
    expect(notMultipart.statusCode).toBeLessThan(500);
    expect(await traces(creator)).toEqual({ imports: [], invitations: [], queued: [] });
  });

  it('invites each new address once, notifies matching accounts, and a sign-up through the link gets the complimentary membership', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const existing = await createUser(t);
    const username = uniqueName('inv_');
    const fresh = `${username}@example.test`;
    const csv = ghostCsv([{ email: fresh, name: 'New Person' }, { email: existing.user.email }]);

    const res = await importCsv(t, creator, csv, { tier: 'HyprSoul', months: '2' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ dryRun: false, toInvite: [{ line: 2 }], matching: [{}] });
    await importDone(creator, res.json<{ importId: string }>().importId);
    await deliverMails(t);
    const invites = await mailsTo(t, fresh);
    expect(invites.map((m) => m.template)).toEqual(['member-invite-comp']);
    expect(invites[0]!.text).toContain('Hello New Person');
    expect(invites[0]!.text).toContain('/register?token=');
    expect((await mailsTo(t, existing.user.email)).map((m) => m.template)).toEqual([
      'member-import-notice',
    ]);
    const { imports } = await traces(creator);
    expect(imports).toEqual([expect.objectContaining({ status: 'done', invited: 1, matched: 1 })]);
    // No account was made for the invited address.
    const noAccount = await t.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${fresh}`);
    expect(noAccount).toEqual([]);

    // The same file again: the address was invited, so no second invitation.
    const again = await importCsv(t, creator, csv);
    expect(again.json()).toMatchObject({
      toInvite: [],
      refused: [{ line: 2, reason: 'already_invited' }],
    });
    await importDone(creator, again.json<{ importId: string }>().importId);
    await deliverMails(t);
    expect(await mailsTo(t, fresh)).toHaveLength(1);
    expect(await mailsTo(t, existing.user.email)).toHaveLength(1);

    // Sign-up through the link: the account exists now, with the complimentary membership.
    const token = inviteToken(invites[0]!.jobKey);
    const signup = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: {
        username,
        email: fresh,
        password: 'a long enough passphrase 42',
        termsAndConditions: true,
        inviteToken: token,
      },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const userId = signup.json<{ user: { id: string } }>().user.id;
    const subs = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(subs).toEqual([
      expect.objectContaining({
        provider: 'comp',
        tier: 'HyprSoul',
        creatorId: creator.user.id,
        priceCents: 0,
      }),
    ]);

    // A used link cannot be used again, and a refused sign-up makes no account.
    const second = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: {
        username: uniqueName('inv2_'),
        email: `${uniqueName('inv2_')}@example.test`,
        password: 'a long enough passphrase 42',
        termsAndConditions: true,
        inviteToken: token,
      },
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: 'invitation_invalid' });
  });
});

describe('member import state', () => {
  it('answers a queued import, then what its job did', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const queuedId = crypto.randomUUID();
    const at = new Date('2026-03-01T10:00:00Z');
    // An import whose job has not run: no job is queued for it, so it stays queued.
    await t.db.insert(memberImports).values({
      id: queuedId,
      creatorId: creator.user.id,
      addresses: [{ line: 2, email: 'queued@example.test', name: null }],
      compTier: 'Hypr',
      compMonths: 2,
      createdAt: at,
    });
    const queued = await stateOf(creator, queuedId);
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json()).toEqual({
      importId: queuedId,
      status: 'queued',
      addresses: 1,
      invited: null,
      matched: null,
      createdAt: at.toISOString(),
      finishedAt: null,
      comp: { tier: 'Hypr', months: 2 },
    });

    const existing = await createUser(t);
    const csv = ghostCsv([
      { email: `${uniqueName('st_')}@example.test` },
      { email: `${uniqueName('st_')}@example.test` },
      { email: existing.user.email },
      { email: 'broken' },
    ]);
    const res = await importCsv(t, creator, csv);
    expect(res.statusCode, res.body).toBe(202);
    const { importId } = res.json<{ importId: string }>();
    expect(await importDone(creator, importId)).toEqual({
      importId,
      status: 'done',
      addresses: 3,
      invited: 2,
      matched: 1,
      createdAt: expect.any(String),
      finishedAt: expect.any(String),
      comp: null,
    });
  });

  it('answers a failed import when its job gave up, having sent nothing', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const importId = crypto.randomUUID();
    const fresh = `${uniqueName('fail_')}@example.test`;
    // A stored list the job cannot carry out (an address without its e-mail), tried only once.
    await t.db.transaction(async (tx) => {
      await tx.insert(memberImports).values({
        id: importId,
        creatorId: creator.user.id,
        addresses: [
          { line: 2, email: fresh, name: null },
          { line: 3, email: null as unknown as string, name: null },
        ],
        createdAt: new Date(),
      });
      await t.container.jobs.enqueue(
        tx,
        MEMBER_IMPORT_JOB,
        { importId },
        { key: `${MEMBER_IMPORT_JOB}:${importId}`, maxAttempts: 1 },
      );
    });
    expect(await importSettled(creator, importId)).toEqual({
      importId,
      status: 'failed',
      addresses: 2,
      invited: null,
      matched: null,
      createdAt: expect.any(String),
      finishedAt: expect.any(String),
      comp: null,
    });
    const audited = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'members.import_failed'),
          eq(auditEvents.subjectId, creator.user.id),
        ),
      );
    expect(audited.map((e) => e.data)).toEqual([{ importId, attempts: 1 }]);
    const { invitations } = await traces(creator);
    expect(invitations).toEqual([]);
    expect(await mailsTo(t, fresh)).toEqual([]);
  });

  it('answers only the creator who imported, and refuses a bad id', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const other = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const res = await importCsv(t, creator, ghostCsv([{ email: 'owner-only@example.test' }]), {
      dryRun: 'false',
    });
    expect(res.statusCode, res.body).toBe(202);
    const { importId } = res.json<{ importId: string }>();

    expect((await stateOf(creator, importId)).statusCode).toBe(200);
    const foreign = await stateOf(other, importId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'member_import_not_found' });
    expect((await stateOf(fan, importId)).statusCode).toBe(403);
    expect((await stateOf(null, importId)).statusCode).toBe(401);
    const unknown = await stateOf(creator, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    const bad = await stateOf(creator, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_field' });
  });
});
