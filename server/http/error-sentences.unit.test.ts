import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { serverSources } from '../test/source-scan';
import { isErrorCode, isMessageKeyCode } from '../../common/errors';

/*
 * Every error the server answers is a catalogue code the web translates (common/errors.ts): an
 * English sentence thrown in server code reaches a Spanish or German reader as "The request is
 * not valid". This reads every server source file and fails on:
 *   - `new HttpError(...)` (or `super(...)` in a subclass) outside server/http/errors.ts, where
 *     the status and the text are not the catalogue's;
 *   - an error helper called with a string that is neither a catalogue code nor a SPEC §5 key;
 *   - an `error:` or `message:` sentence written into an answer by hand.
 */

/** Answers outside the catalogue, each with the reason it may stay. */
const ALLOWED_SENTENCES: Record<string, string> = {
  // The health probe is read by load balancers and operators, never shown by the web.
  'server/modules/health/routes.ts': 'operator probe',
  // A success answer (202), not an error.
  'server/modules/mail/routes.ts': 'success message',
};

/** Helpers that make an answered error; the argument index holding the code. */
const HELPERS: Record<string, number> = {
  fail: 0,
  failWithKey: 1,
  failInProviderWords: 0,
  badRequest: 0,
  unauthorized: 0,
  forbidden: 0,
  notFound: 0,
  conflict: 0,
};

const literalText = (node: ts.Node | undefined): string | null =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;

const isSentence = (node: ts.Node): boolean => {
  if (ts.isTemplateExpression(node)) return true;
  const text = literalText(node);
  return text !== null && /\s/.test(text.trim());
};

const calleeName = (expression: ts.Expression): string | null => {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text;
  return null;
};

/** The findings of one file, as `path:line: what`. */
function findErrorSentences(relative: string, source: string): string[] {
  const file = ts.createSourceFile(relative, source, ts.ScriptTarget.Latest, true);
  const findings: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    findings.push(`${relative}:${line + 1}: ${what}`);
  };
  const mayBuildHttpError = relative === 'server/http/errors.ts';
  const mayWriteSentences = Object.hasOwn(ALLOWED_SENTENCES, relative);

  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && calleeName(node.expression) === 'HttpError') {
      if (!mayBuildHttpError) report(node, 'new HttpError: throw fail(code) instead');
    }
    if (ts.isCallExpression(node)) {
      const name = calleeName(node.expression);
      if (name !== null && Object.hasOwn(HELPERS, name)) {
        const argument = node.arguments[HELPERS[name] ?? 0];
        const text = literalText(argument);
        if (argument && ts.isTemplateExpression(argument)) {
          report(node, `${name}(\`...\`): a sentence, not a catalogue code`);
        } else if (text !== null && !isErrorCode(text) && !isMessageKeyCode(text)) {
          report(node, `${name}('${text}'): not a catalogue code`);
        }
      }
      if (node.expression.kind === ts.SyntaxKind.SuperKeyword && !mayBuildHttpError) {
        const sentence = node.arguments.find(isSentence);
        if (sentence) report(sentence, 'super(..., sentence): use errorText(code)');
      }
    }
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      (node.name.text === 'error' || node.name.text === 'message') &&
      isSentence(node.initializer) &&
      !mayWriteSentences &&
      !mayBuildHttpError
    ) {
      // Only an answer's `error`/`message` matters; log fields and thrown internals do not.
      const inSend = ts.findAncestor(
        node,
        (n) => ts.isCallExpression(n) && calleeName(n.expression) === 'send',
      );
      if (inSend) report(node, `${node.name.text}: a sentence written into an answer`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

describe('server error answers', () => {
  it('throws catalogue codes, never English sentences', () => {
    const findings = serverSources().flatMap((file) => findErrorSentences(file.path, file.text));
    expect(findings).toEqual([]);
  });

  it('finds a sentence thrown through any helper, a hand-built HttpError and a hand-written answer', () => {
    const source = [
      "throw badRequest('Invalid cursor');",
      "throw notFound('User not found');",
      'throw fail(`message: at most ${n}`);',
      "throw new HttpError(502, 'The provider could not be reached.');",
      "class Late extends HttpError { constructor() { super(429, 'Too many, wait'); } }",
      "reply.status(404).send({ error: 'Not found: here' });",
      // Codes and keys are fine:
      "throw fail('invalid_cursor');",
      "throw failWithKey(409, 'usernameTaken');",
      "log.warn({ error: 'a log line, not an answer' });",
    ].join('\n');
    expect(findErrorSentences('server/modules/x/service.ts', source)).toEqual([
      "server/modules/x/service.ts:1: badRequest('Invalid cursor'): not a catalogue code",
      "server/modules/x/service.ts:2: notFound('User not found'): not a catalogue code",
      'server/modules/x/service.ts:3: fail(`...`): a sentence, not a catalogue code',
      'server/modules/x/service.ts:4: new HttpError: throw fail(code) instead',
      'server/modules/x/service.ts:5: super(..., sentence): use errorText(code)',
      'server/modules/x/service.ts:6: error: a sentence written into an answer',
    ]);
  });
});
