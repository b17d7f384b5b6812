import { describe, expect, it } from 'vitest';
import { visibleAdminLinks } from './admin-links';

const ids = (role: Parameters<typeof visibleAdminLinks>[0], testMode = false) =>
  visibleAdminLinks(role, testMode).map((link) => link.id);

describe('the admin sidebar', () => {
  it('shows moderators what they may moderate and sales, admins the audit log too', () => {
    expect(ids('moderator')).toEqual(['users', 'content', 'reports', 'sales', 'transactions']);
    const all = ['users', 'content', 'reports', 'sales', 'transactions', 'audit', 'outbox'];
    expect(ids('admin')).toEqual(all);
    expect(ids('superadmin')).toEqual(all);
    expect(ids('user')).toEqual([]);
  });

  it('shows every link in test mode', () => {
    expect(ids('moderator', true)).toEqual([
      'users',
      'content',
      'reports',
      'sales',
      'transactions',
      'audit',
      'outbox',
    ]);
  });
});
