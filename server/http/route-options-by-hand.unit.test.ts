import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { propertyName, serverSources } from '../test/source-scan';

/*
 * Every module route is declared with `routesFor` (server/http/route.ts), which writes the
 * guard, the OpenAPI tags, the per-caller limit and the viewer once. This reads every server
 * source file and fails on the option block it replaced:
 *   - a `preHandler:` property (a guard hung on a route by hand);
 *   - a guard or the viewer taken from the guards (`requireAuth`, `optionalAuth`,
 *     `requireRole`, `viewerOf`);
 *   - a `perCaller(...)` limit built by hand;
 *   - a `schema: { tags: [...] }` (a route declared without the helper).
 */

/** Where the pieces are defined, and routes that are not a module's API. */
const ALLOWED = new Set([
  'server/http/route.ts',
  'server/http/rate-limits.ts',
  'server/auth/guard.ts',
  // Built from its own probes before the container exists; no guard, no limit.
  'server/modules/health/routes.ts',
  // A WebSocket upgrade: the socket reads its token from the first frame, not a guard.
  'server/realtime/index.ts',
]);

const GUARD_PARTS = new Set(['requireAuth', 'optionalAuth', 'requireRole', 'viewerOf']);

/** The findings of one file, as `path:line: what`. */
function findRouteOptionsByHand(relative: string, source: string): string[] {
  const file = ts.createSourceFile(relative, source, ts.ScriptTarget.Latest, true);
  const findings: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    findings.push(`${relative}:${line + 1}: ${what}: declare the route with routesFor`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
      const name = propertyName(node.name);
      if (name === 'preHandler') report(node, 'preHandler by hand');
      if (
        name === 'schema' &&
        ts.isPropertyAssignment(node) &&
        ts.isObjectLiteralExpression(node.initializer) &&
        node.initializer.properties.some((p) => p.name && propertyName(p.name) === 'tags')
      ) {
        report(node, 'OpenAPI tags by hand');
      }
    }
    if (ts.isPropertyAccessExpression(node) && GUARD_PARTS.has(node.name.text)) {
      report(node, `${node.name.text} by hand`);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'perCaller'
    ) {
      report(node, 'perCaller limit by hand');
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

describe('route options', () => {
  it('are written only by routesFor, in every server file', () => {
    const findings = serverSources().flatMap((file) =>
      ALLOWED.has(file.path) ? [] : findRouteOptionsByHand(file.path, file.text),
    );
    expect(findings).toEqual([]);
    // Parsing every server file takes seconds on a busy machine.
  }, 60_000);

  it('catches the hand-written block and passes the helper', () => {
    const byHand = [
      "app.get('/x', { preHandler: hook }, handler);",
      'const auth = { preHandler };',
      'const viewer = ctx.guards.viewerOf(request);',
      'const hook = guards.optionalAuth;',
      'const hook = c.guards.requireRole(["admin"]);',
      "app.post('/x', { config: perCaller(ctx.tokens, 30) }, handler);",
      "app.get('/x', { schema: { tags: ['items'], summary: 'x' } }, handler);",
    ];
    for (const source of byHand) {
      expect(findRouteOptionsByHand('x.ts', source), source).toHaveLength(1);
    }
    const fine = [
      "route.authed({ method: 'GET', url: '/x', perCaller: 30, schema: { summary: 'x' }, handler });",
      "routesFor(app, ctx, { tags: ['items'] });",
      "route.optional({ method: 'GET', url: '/x', tags: ['users'], schema: {}, handler });",
      "app.get('/robots.txt', { schema: { hide: true } }, handler);",
    ];
    for (const source of fine) expect(findRouteOptionsByHand('x.ts', source), source).toEqual([]);
  });
});
