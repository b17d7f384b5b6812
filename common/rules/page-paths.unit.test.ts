import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS, creatorUsernameOf, isPagePath } from './page-paths';

const routerFiles = ['web/src/app/router.tsx', 'web/src/app/page-routes.tsx'];

describe('page paths', () => {
  it('lists every absolute path of the web router, and nothing more', () => {
    const routed = routerFiles.flatMap((file) =>
      [...fs.readFileSync(path.resolve(file), 'utf8').matchAll(/path: '(\/[^']*)'/g)].map(
        (match) => match[1],
      ),
    );
    const listed = PAGE_PATHS.map((p) => (p === '/admin/*' ? '/admin' : p));
    expect(new Set(routed)).toEqual(new Set(listed));
  });

  it('matches pages and nothing else', () => {
    for (const page of [
      '/',
      '/creator/ana',
      '/admin/users',
      '/messages',
      '/messages/u1',
      '/hypr/x',
    ]) {
      expect(isPagePath(page), page).toBe(true);
    }
    for (const other of [
      '/healthz',
      '/metrics',
      '/robots.txt',
      '/favicon.ico',
      '/creator/a/b',
      '/x.php',
    ]) {
      expect(isPagePath(other), other).toBe(false);
    }
  });

  it('reads the username of a creator page', () => {
    expect(creatorUsernameOf('/creator/ana')).toBe('ana');
    expect(creatorUsernameOf('/creator/settings')).toBeNull();
    expect(creatorUsernameOf('/creator')).toBeNull();
    expect(creatorUsernameOf('/creator/%E0%A4%A')).toBeNull();
  });
});
