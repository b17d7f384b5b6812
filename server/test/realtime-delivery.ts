import { expect } from 'vitest';
import { sendOk } from '../modules/messages/test-helpers';
import type { TestApp } from './app';
import { createUser } from './factories';
import { eventOf, TestSocket } from '../realtime/test-client';

/**
 * Issue 11's realtime promise, run on one instance (in-process bus) and on two instances sharing
 * one PostgreSQL and one Redis: a message posted through instance `a` reaches sockets held by
 * instance `b` (`bUrl`), and a logout through `a` closes the logged-out token's socket on `b`
 * within 5 seconds. Nothing is flushed by hand: the outbox relay wakes on the commit's NOTIFY.
 */
export async function deliversAcrossInstances(a: TestApp, bUrl: string): Promise<void> {
  const star = await createUser(a, { role: 'creator' });
  const fan = await createUser(a);
  const starSocket = await TestSocket.signedIn(bUrl, star.token);
  const fanSocket = await TestSocket.signedIn(bUrl, fan.token);

  const message = await sendOk(a, fan, star, 'Hello from the other instance');

  const received = await starSocket.waitFor(
    eventOf('message.created', (d) => d.message.id === message.id),
  );
  expect(received.data).toEqual({ peerId: fan.user.id, message: { ...message, clientId: null } });
  const inbox = await starSocket.waitFor(
    eventOf('conversation.updated', (d) => d.conversation.id === fan.user.id),
  );
  expect(inbox.data.unreadTotal).toBe(1);
  expect(inbox.data.conversation).toMatchObject({
    unread: 1,
    lastMessage: { id: message.id, text: 'Hello from the other instance' },
  });
  // The sender's own tabs get it too, with the client id that matches their pending copy.
  const echoed = await fanSocket.waitFor(
    eventOf('message.created', (d) => d.message.id === message.id),
  );
  expect(echoed.data).toEqual({ peerId: star.user.id, message });

  // Logging out through instance a ends that token's socket on instance b.
  const logout = await a.app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout',
    headers: star.auth,
  });
  expect(logout.statusCode, logout.body).toBe(200);
  expect(await starSocket.closeCode(5000)).toBe(4401);

  // The other person's socket is untouched and still live.
  const reply = await sendOk(a, fan, star, 'Still here?');
  await fanSocket.waitFor(eventOf('message.created', (d) => d.message.id === reply.id));
  fanSocket.close();
}
