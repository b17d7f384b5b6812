import { createHash } from 'node:crypto';

/*
 * Conditional GETs of a feed (issue 42): podcast apps poll, so an unchanged feed answers 304
 * without a body. The entity tag is a hash of the document itself, so any change shows;
 * If-Modified-Since is honoured only without If-None-Match (RFC 9110 §13.1.3).
 */

export const entityTag = (body: string): string =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

export function isNotModified(
  headers: { 'if-none-match'?: string | undefined; 'if-modified-since'?: string | undefined },
  etag: string,
  lastModified: Date,
): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    return noneMatch.trim() === '*' || noneMatch.split(',').some((tag) => opaque(tag) === etag);
  }
  const since = headers['if-modified-since'];
  if (since === undefined) return false;
  const at = Date.parse(since);
  return !Number.isNaN(at) && lastModified.getTime() <= at;
}
