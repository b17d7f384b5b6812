import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { propertyName, serverSources } from '../test/source-scan';

/*
 * Every ability the server answers is made by `presentAbilities` (common/rules/permissions.ts)
 * from the permission table, so the web's buttons and the server's `authorize` cannot drift.
 * This reads every server source file and fails on:
 *   - a `canX` property written anywhere but in the rules handed to `presentAbilities`;
 *   - an `abilities:` property given an object literal (a hand-made abilities object).
 */

const ABILITY_NAME = /^can[A-Z]/;

/** The object literal is the rules argument of a `presentAbilities(actor, rules)` call. */
function isAbilityRules(literal: ts.Node): boolean {
  const call = literal.parent;
  return (
    ts.isCallExpression(call) &&
    ts.isIdentifier(call.expression) &&
    call.expression.text === 'presentAbilities' &&
    call.arguments[1] === literal
  );
}

/** The findings of one file, as `path:line: what`. */
function findHandMadeAbilities(relative: string, source: string): string[] {
  const file = ts.createSourceFile(relative, source, ts.ScriptTarget.Latest, true);
  const findings: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    findings.push(`${relative}:${line + 1}: ${what}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
      const name = propertyName(node.name);
      if (name !== null && ABILITY_NAME.test(name) && !isAbilityRules(node.parent)) {
        report(node, `${name} made by hand: build it with presentAbilities`);
      }
      if (
        name === 'abilities' &&
        ts.isPropertyAssignment(node) &&
        ts.isObjectLiteralExpression(node.initializer)
      ) {
        report(node, 'abilities made by hand: build them with presentAbilities');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

describe('abilities', () => {
  it('are made only by presentAbilities, in every server file', () => {
    const findings = serverSources().flatMap((file) => findHandMadeAbilities(file.path, file.text));
    expect(findings).toEqual([]);
    // Parsing every server file takes seconds on a busy machine.
  }, 60_000);

  it('catches the hand-made shapes and passes the helper', () => {
    const handMade = [
      'const a = { canEdit: item.creatorId === viewer.id };',
      'const canBuy = true; const a = { canBuy };',
      'const row = { abilities: { send: refusal === null } };',
      'const a = presentAbilities(viewer, rules, { canEdit: true });',
      "const a = { ...presentAbilities(viewer, { canEdit: 'item.edit' }), canBuy: true };",
    ];
    for (const source of handMade) {
      expect(findHandMadeAbilities('x.ts', source), source).toHaveLength(1);
    }
    const fine = [
      "const a = presentAbilities(viewer, { canEdit: { permission: 'item.edit', when: ok } });",
      'const row = { abilities: adminAbilities(actor) };',
      'const row = { abilities: view.abilities };',
      'interface A { canEdit: boolean }',
    ];
    for (const source of fine) expect(findHandMadeAbilities('x.ts', source), source).toEqual([]);
  });
});
