import { PERMISSIONS, grantOf } from './permissions';
import { ROLES } from './roles';

/** The table of docs/permissions.md, generated from the permission map (`npm run docs:permissions`). */
export function permissionsTableMarkdown(): string {
  const header = `| permission | ${ROLES.join(' | ')} |`;
  const rule = `| --- | ${ROLES.map(() => '---').join(' | ')} |`;
  const rows = PERMISSIONS.map(
    (permission) =>
      `| \`${permission}\` | ${ROLES.map((role) => grantOf(role, permission) ?? '–').join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}

export const PERMISSIONS_TABLE_START = '<!-- permissions-table:start -->';
export const PERMISSIONS_TABLE_END = '<!-- permissions-table:end -->';

/** The document with the table between its markers replaced by the generated one. */
export function withPermissionsTable(doc: string): string {
  const start = doc.indexOf(PERMISSIONS_TABLE_START);
  const end = doc.indexOf(PERMISSIONS_TABLE_END);
  if (start < 0 || end < start) throw new Error('docs/permissions.md lacks the table markers');
  return `${doc.slice(0, start + PERMISSIONS_TABLE_START.length)}\n${permissionsTableMarkdown()}\n${doc.slice(end)}`;
}
