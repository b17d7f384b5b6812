// `.env.example` is generated from ConfigEnv (server/config.ts): each variable with its
// one-line comment and default, so the example cannot drift from what the server reads
// (server/env-example.unit.test.ts compares the committed file with this output).
// Run `npm run env:example` after changing server/config.ts.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigEnv } from './config';

const CONFIG_SOURCE = path.resolve(import.meta.dirname, 'config.ts');
export const ENV_EXAMPLE = path.resolve(import.meta.dirname, '../.env.example');

/** Each variable's doc comment in config.ts, as one line. */
export function variableComments(source: string): Map<string, string> {
  const comments = new Map<string, string>();
  for (const match of source.matchAll(
    /\/\*\*((?:(?!\*\/)[\s\S])*?)\*\/\s*\n\s*([A-Z][A-Z0-9_]*):/g,
  )) {
    const text = match[1]!
      .split('\n')
      .map((line) => line.replace(/^\s*\*?\s?/, '').trim())
      .filter(Boolean)
      .join(' ');
    comments.set(match[2]!, text);
  }
  return comments;
}

/** The value a variable takes when unset, as the example writes it ('' when there is none). */
function defaultText(name: string): string {
  const schema = ConfigEnv.shape[name as keyof typeof ConfigEnv.shape];
  const parsed = schema.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return '';
  const value: unknown = parsed.data;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The whole `.env.example`: every variable commented out, so copying it changes nothing. */
export function envExample(source = fs.readFileSync(CONFIG_SOURCE, 'utf8')): string {
  const comments = variableComments(source);
  const blocks = Object.keys(ConfigEnv.shape).map((name) => {
    const meaning = comments.get(name);
    if (!meaning) throw new Error(`server/config.ts: ${name} has no doc comment`);
    const value = defaultText(name);
    const unset = value === '' && !/default/i.test(meaning) ? ' (unset by default)' : '';
    return `# ${meaning}${unset}\n# ${name}=${value}\n`;
  });
  return [
    '# Every environment variable Aura reads, with its default (generated from server/config.ts',
    '# by `npm run env:example`; docs/operations.md explains them). Uncomment what you change.\n',
    ...blocks,
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(ENV_EXAMPLE, envExample());
  console.log(`wrote ${path.relative(process.cwd(), ENV_EXAMPLE)}`);
}
