import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/* What the scan tests (server/http/*-by-hand.unit.test.ts, error-sentences) read and share. */

const serverDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const root = path.dirname(serverDir);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    const isSource = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts');
    return isSource ? [full] : [];
  });
}

/**
 * The server's own source files (no tests, nothing under a `test` folder), each with its path
 * from the repository root (with `/`) and its text.
 */
export function serverSources(): Array<{ path: string; text: string }> {
  return sourceFiles(serverDir).map((full) => ({
    path: path.relative(root, full).split(path.sep).join('/'),
    text: fs.readFileSync(full, 'utf8'),
  }));
}

/** A property's name where it is written as a name or a string. */
export const propertyName = (name: ts.PropertyName): string | null =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : null;
