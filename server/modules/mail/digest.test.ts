import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { publishItem } from '../items/test-helpers';
import { sendOk } from '../messages/test-helpers';
import { DIGEST_JOB } from './digest';
import { mailsTo } from './test-helpers';

const PUBLIC_URL = 'https://aura.example.org';
const HOUR = 3600_000;
const DAY = 24 * HOUR;
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
let t: TestApp;
beforeAll(async () => {
  // Each test starts on a day of its own at 10:00 UTC, so what it does stays in one UTC day.
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 1);
  start.setUTCHours(10, 0, 0, 0);
  offsetMs = start.getTime() - Date.now();
  // Its own database: the job runners of other files' apps would deliver these mails too.
  t = await createTestApp({ ownDatabase: true, clock, env: { PUBLIC_URL } });
});
afterAll(() => t.close());

const nextDay = () => {
  offsetMs += DAY;
};

/** One tick of the hourly job, as the runner would run it now. */
async function runDigestJob(): Promise<void> {
  const { ran } = await t.container.jobs.runPeriodic(DIGEST_JOB);
  expect(ran).toBe(true);
}

const digestsTo = async (who: TestUser) =>
  (await mailsTo(t, who.user.email)).filter((m) => m.template === 'digest');

async function creatorWithItem(locale: 'en' | 'es' | 'de') {
  const creator = await createUser(t, { role: 'creator', locale });
  const { id } = await publishItem(t, creator, {}, { audio: false, video: false });
  return { creator, itemId: id };
}

async function comment(who: TestUser, itemId: number, text = 'Lovely') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/items/${itemId}/comments`,
    headers: who.auth,
    payload: { text },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function markRead(reader: TestUser, peer: TestUser, upTo: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/messages/${peer.user.id}/read`,
    headers: reader.auth,
    payload: { upTo },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the daily digest', () => {
  it('mails one digest a day with the unread messages and new comments, in the reader’s language', async () => {
    nextDay();
    const { creator, itemId } = await creatorWithItem('de');
    const [ana, ben] = [await createUser(t), await createUser(t)];
    await sendOk(t, ana, creator, 'Hallo');
    await sendOk(t, ana, creator, 'Noch da?');
    const read = await sendOk(t, ben, creator, 'Gelesen');
    await markRead(creator, ben, read.id);
    await comment(ana, itemId);
    await comment(ben, itemId);
    await comment(ben, itemId, 'Again');
    await comment(creator, itemId, 'Thanks!');

    await runDigestJob();
    const [digest, ...more] = await digestsTo(creator);
    expect(more).toHaveLength(0);
    expect(digest!.subject).toBe('Deine Aura-Zusammenfassung');
    expect(digest!.text).toContain(`2 neue ungelesene Nachrichten: ${PUBLIC_URL}/messages`);
    expect(digest!.text).toContain('3 neue Kommentare zu deinen Beiträgen.');
    expect(digest!.text).toContain(`Dein Dashboard öffnen: ${PUBLIC_URL}/dashboard`);
    expect(digest!.html).toContain(`href="${PUBLIC_URL}/messages"`);
    expect(digest!.html).toContain(`href="${PUBLIC_URL}/dashboard"`);
    // Its own kind's unsubscribe link, in the text and as the one-click header.
    expect(digest!.text).toContain('(tägliche Zusammenfassung)');
    expect(digest!.text).toContain(`${PUBLIC_URL}/unsubscribe?token=`);
    expect(digest!.headers['List-Unsubscribe']).toMatch(
      new RegExp(`^<${PUBLIC_URL}/api/v1/mail/unsubscribe\\?token=`),
    );
    expect(digest!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Later the same day, with a new message: still one digest today.
    offsetMs += 2 * HOUR;
    await sendOk(t, ben, creator, 'Noch eine');
    await runDigestJob();
    expect(await digestsTo(creator)).toHaveLength(1);

    // The next day counts only what came after the previous digest (singular, no comments).
    nextDay();
    await runDigestJob();
    const second = await digestsTo(creator);
    expect(second).toHaveLength(2);
    expect(second[1]!.text).toContain(`1 neue ungelesene Nachricht: ${PUBLIC_URL}/messages`);
    expect(second[1]!.text).not.toContain('Kommentar');

    // Nothing new the day after: no mail, though three messages are still unread.
    nextDay();
    await runDigestJob();
    expect(await digestsTo(creator)).toHaveLength(2);
  });

  it('counts neither messages already read nor the creator’s own comments', async () => {
    nextDay();
    const { creator, itemId } = await creatorWithItem('es');
    const fan = await createUser(t);
    const message = await sendOk(t, fan, creator, 'Hola');
    await markRead(creator, fan, message.id);
    await comment(creator, itemId, 'Mi propio comentario');
    await runDigestJob();
    expect(await digestsTo(creator)).toHaveLength(0);

    await comment(fan, itemId);
    await runDigestJob();
    const [digest, ...more] = await digestsTo(creator);
    expect(more).toHaveLength(0);
    expect(digest!.subject).toBe('Tu resumen de Aura');
    expect(digest!.text).toContain('1 comentario nuevo en tus publicaciones.');
    expect(digest!.text).not.toContain('mensaje');
  });

  it('sends nothing to someone who switched the digest off', async () => {
    nextDay();
    const creator = await createUser(t, { role: 'creator' });
    const fan = await createUser(t);
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/notices',
      headers: creator.auth,
      payload: { digest: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    await sendOk(t, fan, creator, 'Hello');
    await runDigestJob();
    expect(await digestsTo(creator)).toHaveLength(0);

    // Switched on again, the next check mails what is new (in English, the default).
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/notices',
      headers: creator.auth,
      payload: { digest: true },
    });
    offsetMs += HOUR;
    await runDigestJob();
    const [digest] = await digestsTo(creator);
    expect(digest!.subject).toBe('Your Aura digest');
    expect(digest!.text).toContain(`1 new message you have not read yet: ${PUBLIC_URL}/messages`);
  });

  it('sends nothing to a suspended account', async () => {
    nextDay();
    const { creator, itemId } = await creatorWithItem('en');
    const fan = await createUser(t);
    await sendOk(t, fan, creator, 'Hello');
    await comment(fan, itemId);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, creator.user.id));
    await runDigestJob();
    expect(await digestsTo(creator)).toHaveLength(0);
  });
});
