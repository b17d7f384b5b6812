import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  ChatUsersPage,
  MessageHistory,
  SendMessageResponse,
  type DirectMessage,
} from '../../../common/schemas/messages';
import type { TestApp } from '../../test/app';
import type { TestUser } from '../../test/factories';

/** Builders shared by the messages and realtime API tests. */

export const newClientId = () => randomUUID();

export function postMessage(
  t: TestApp,
  from: TestUser,
  toId: string,
  body: Record<string, unknown>,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/messages/${toId}`,
    headers: from.auth,
    payload: body,
  });
}

/** Sends `text` and expects it stored (201). */
export async function sendOk(
  t: TestApp,
  from: TestUser,
  to: TestUser,
  text: string,
  clientId = newClientId(),
): Promise<DirectMessage> {
  const res = await postMessage(t, from, to.user.id, { text, clientId });
  expect(res.statusCode, res.body).toBe(201);
  return SendMessageResponse.parse(res.json()).message;
}

export async function historyOf(
  t: TestApp,
  who: TestUser,
  peerId: string,
  query = '',
): Promise<MessageHistory> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/messages/${peerId}${query}`,
    headers: who.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return MessageHistory.parse(res.json());
}

export async function chatUsersOf(
  t: TestApp,
  who: TestUser,
  params: { q?: string; cursor?: string } = {},
): Promise<ChatUsersPage> {
  const query = new URLSearchParams(params as Record<string, string>).toString();
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/messages/users${query ? `?${query}` : ''}`,
    headers: who.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ChatUsersPage.parse(res.json());
}
