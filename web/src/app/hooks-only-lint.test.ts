import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * "The web talks to the server only through hooks" (eslint.config.js): these fixtures are linted
 * as if they were files at the given paths, so a page or component that builds its own query
 * fails `npm run lint`, and a rule that stops catching one (a folder moved, a glob too wide)
 * fails here.
 */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../../..') });

const query = [
  "import { useQuery } from '@tanstack/react-query';",
  "export const useThing = () => useQuery({ queryKey: ['thing'], queryFn: () => 1 });",
].join('\n');

async function hookErrors(filePath: string): Promise<number> {
  const [result] = await eslint.lintText(query, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').length;
}

describe('server calls only through the hooks of api/ folders (npm run lint)', () => {
  // The first lint loads the config and the TypeScript parser, which outlasts a test's default time.
  beforeAll(() => hookErrors('web/src/app/QueryProvider.tsx'), 120_000);

  it.each([
    'web/src/features/feed/pages/FixturePage.tsx',
    'web/src/features/billing/components/Fixture.tsx',
    'web/src/features/hub/fixture.ts',
    'web/src/app/shell/Fixture.tsx',
    'web/src/app/Fixture.tsx',
    'web/src/shared/forms/fixture.ts',
  ])('refuses TanStack Query in %s', async (place) => {
    expect(await hookErrors(place)).toBe(1);
  });

  it.each([
    'web/src/features/feed/api/fixture.ts',
    'web/src/shared/api/fixture.ts',
    'web/src/app/QueryProvider.tsx',
  ])('allows it in %s', async (place) => {
    expect(await hookErrors(place)).toBe(0);
  });
});
