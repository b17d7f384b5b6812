import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { SCHEMA_MODULES } from './named-schemas';

/*
 * The OpenAPI document (issue 41) as its readers take it: Redocly's recommended rules find no
 * error, and a client generated from it with openapi-typescript compiles under `tsc --strict`.
 * Both tools run from node_modules with nothing fetched (no telemetry, no update check).
 */

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** The path of a package's command, resolved like an import from here. */
function binOf(pkg: string, name: string): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin } = require(manifest) as { bin: Record<string, string> };
  return path.join(path.dirname(manifest), bin[name]!);
}

const OFFLINE = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  NO_UPDATE_NOTIFIER: '1',
  CI: 'true',
};

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  responses?: Record<string, unknown>;
  requestBody?: { content?: Record<string, unknown> };
};
type Document = {
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
};

let t: TestApp;
let doc: Document;
let dir: string;
let docFile: string;
beforeAll(async () => {
  t = await createTestApp();
  doc = t.app.swagger() as unknown as Document;
  dir = await mkdtemp(path.join(tmpdir(), 'aura-openapi-'));
  docFile = path.join(dir, 'openapi.json');
  await writeFile(docFile, JSON.stringify(doc));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([where, item]) =>
    Object.entries(item).map(([method, op]) => ({ id: `${method.toUpperCase()} ${where}`, op })),
  );

describe('the OpenAPI document', () => {
  it('names, summarises and tags every operation', () => {
    const declaredTags = new Set(doc.tags?.map((tag) => tag.name));
    const ids = new Set<string>();
    for (const { id, op } of operations()) {
      expect(op.operationId, id).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(ids.has(op.operationId!), `${id}: ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId!);
      expect(op.summary, id).toBeTruthy();
      expect(op.tags?.length, id).toBe(1);
      expect(declaredTags.has(op.tags![0]!), `${id}: tag ${op.tags![0]}`).toBe(true);
    }
    expect(ids.size).toBeGreaterThan(100);
  });

  it('lists the refusals a route can answer, as the shared { error, code } answers', () => {
    const op = (method: string, where: string) => doc.paths[where]![method]!;
    const statuses = (o: Operation) => Object.keys(o.responses ?? {});
    // Signed in, a path resource, a body, a rate limit.
    expect(statuses(op('post', '/api/v1/items/{id}/comments'))).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '413', '415', '429', '503']),
    );
    // Public, no input: no 400, 401 or 404.
    expect(statuses(op('get', '/api/v1/site'))).toEqual(['200', '503']);
    // Idempotency-Key: 409.
    expect(statuses(op('post', '/api/v1/aura/create'))).toContain('409');
    expect(op('get', '/api/v1/items/{id}').responses?.['404']).toEqual({
      $ref: '#/components/responses/NotFound',
    });
    expect(doc.components.responses.NotFound).toMatchObject({
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } },
      },
    });
    expect(doc.components.schemas.ErrorResponse).toMatchObject({ required: ['error', 'code'] });
  });

  it('describes uploads and the assistant’s event stream', () => {
    const upload = doc.paths['/api/v1/media/upload-image']!.post!;
    expect(Object.keys(upload.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    const chat = doc.paths['/api/v1/ai/chat']!.post!;
    const ok = chat.responses?.['200'] as { content: Record<string, unknown> };
    expect(Object.keys(ok.content).sort()).toEqual(['application/json', 'text/event-stream']);
  });

  it('holds the shared schemas as named components, and names every file of common/schemas', async () => {
    expect(doc.components.schemas).toHaveProperty('ItemDetail');
    expect(doc.components.schemas).toHaveProperty('LoginRequest');
    const folder = path.resolve(import.meta.dirname, '../../../common/schemas');
    const files = (await readdir(folder))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(Object.keys(SCHEMA_MODULES).sort()).toEqual(files.sort());
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const lint = await run(
      process.execPath,
      [
        binOf('@redocly/cli', 'redocly'),
        'lint',
        docFile,
        '--extends',
        'recommended',
        '--format',
        'json',
      ],
      { cwd: dir, env: OFFLINE, maxBuffer: 64 * 1024 * 1024 },
    ).catch((err: { stdout?: string; stderr?: string }) => ({
      stdout: err.stdout ?? '',
      stderr: err.stderr ?? '',
    }));
    const report = JSON.parse(lint.stdout) as {
      problems: { ruleId: string; severity: string; location: { pointer: string }[] }[];
    };
    const describe = (p: (typeof report.problems)[number]) =>
      `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}`;
    expect(report.problems.filter((p) => p.severity === 'error').map(describe)).toEqual([]);
    // The only warnings: operations that take no input and need no sign-in have no 4xx to list.
    expect(
      report.problems.filter((p) => p.ruleId !== 'operation-4xx-response').map(describe),
    ).toEqual([]);
  }, 120_000);

  it('generates a typed client that compiles under tsc --strict', async () => {
    const client = path.join(dir, 'api.ts');
    await run(
      process.execPath,
      [binOf('openapi-typescript', 'openapi-typescript'), docFile, '-o', client],
      {
        cwd: dir,
        env: OFFLINE,
      },
    );
    const types = await readFile(client, 'utf8');
    expect(types).toContain('ErrorResponse: {');
    await writeFile(
      path.join(dir, 'use.ts'),
      [
        "import type { components, operations } from './api';",
        "type Item = components['schemas']['ItemDetail'];",
        "type Refusal = operations['getItem']['responses'][404]['content']['application/json'];",
        'export const code = (refusal: Refusal): string => refusal.code;',
        'export const title = (item: Item): string => item.title;',
        '',
      ].join('\n'),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    await run(
      process.execPath,
      [
        tsc,
        '--strict',
        '--noEmit',
        '--target',
        'es2022',
        '--module',
        'esnext',
        '--moduleResolution',
        'bundler',
        client,
        path.join(dir, 'use.ts'),
      ],
      { cwd: dir },
    ).catch((err: { stdout?: string }) => {
      throw new Error(`tsc: ${err.stdout ?? String(err)}`);
    });
  }, 120_000);
});
