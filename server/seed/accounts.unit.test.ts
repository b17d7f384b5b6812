import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { usernameProblem } from '../../common/rules/account';
import { isWeakPassword } from '../../common/rules/password';
import { ROLES } from '../../common/rules/roles';
import { DEMO_ACCOUNTS } from './accounts';

const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

describe('demo accounts', () => {
  it('cover every role once, with valid names and strong passwords', () => {
    expect(DEMO_ACCOUNTS.map((a) => a.role)).toEqual([...ROLES]);
    for (const account of DEMO_ACCOUNTS) {
      expect(usernameProblem(account.username)).toBeNull();
      expect(isWeakPassword(account.password)).toBe(false);
    }
    expect(DEMO_ACCOUNTS.find((a) => a.role === 'creator')?.username).toBe('demo_creator');
  });

  it('are listed in the README exactly as seeded', () => {
    const section = /^## Demo accounts\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
    const rows = section
      .split('\n')
      .filter(
        (line) => line.startsWith('| ') && !line.startsWith('| role') && !line.includes('---'),
      )
      .map((line) =>
        line
          .split('|')
          .map((cell) => cell.trim().replace(/`/g, ''))
          .slice(1, 5),
      );
    expect(rows).toEqual(DEMO_ACCOUNTS.map((a) => [a.role, a.username, a.email, a.password]));
  });
});
