// Writes the README's permission table from common/rules/permissions.ts.
import fs from 'node:fs';
import path from 'node:path';
import { withPermissionsTable } from '../common/rules/permissions-table';

const readme = path.resolve(import.meta.dirname, '../README.md');
fs.writeFileSync(readme, withPermissionsTable(fs.readFileSync(readme, 'utf8')));
console.log('README.md permission table updated');
