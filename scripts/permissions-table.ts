// Writes the permission table of docs/permissions.md from common/rules/permissions.ts.
import fs from 'node:fs';
import path from 'node:path';
import { withPermissionsTable } from '../common/rules/permissions-table';

const doc = path.resolve(import.meta.dirname, '../docs/permissions.md');
fs.writeFileSync(doc, withPermissionsTable(fs.readFileSync(doc, 'utf8')));
console.log('docs/permissions.md permission table updated');
