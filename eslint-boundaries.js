// Module boundaries of the server (issue 9), as ESLint rules built from the source tree:
//   1. a module imports another module only through its `index.ts` (table files may import
//      other modules' table files, for foreign keys);
//   2. a module never inserts into, updates or deletes from a table another area owns, whether
//      it names the table by its import (also renamed, or through `import * as`) or in SQL text
//      (`insert into users ...`, `update ${users} ...`);
//   3. a module reads another module's tables only in its read-model files (`*.read-model.ts`);
//      elsewhere it calls the read functions the owning module exports from its index.ts. A read
//      is an import of the table (also renamed, or through `import * as`) or its name in SQL
//      text (`select ... from users u`, `join items i on ...`).
// A table belongs to the folder whose `*tables.ts` defines it (server/modules/<feature>,
// server/events, server/jobs). Rule 3 is about the modules' tables: the audit log and the job
// queue (server/events, server/jobs) are infrastructure every module may read. The demo seed and
// tests are exempt from rules 2 and 3: they build data.
import fs from 'node:fs';
import path from 'node:path';

const root = path.dirname(new URL(import.meta.url).pathname);
const TABLE_DEFINITION = /export const (\w+) = pgTable\(\s*'(\w+)'/g;

function tableFiles(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...tableFiles(full));
    else if (/tables\.ts$/.test(entry.name)) found.push(full);
  }
  return found;
}

/** Every table: its name in code, its name in SQL and the folder that owns it. */
export function tableDefinitions() {
  const tables = [];
  for (const file of tableFiles(path.join(root, 'server'))) {
    const owner = path.relative(root, path.dirname(file));
    for (const [, name, sqlName] of fs.readFileSync(file, 'utf8').matchAll(TABLE_DEFINITION)) {
      tables.push({ name, sqlName, owner });
    }
  }
  return tables;
}

/** owner folder (relative, e.g. `server/modules/items`) -> names of the tables it defines */
export function tableOwners() {
  const owners = new Map();
  for (const { name, owner } of tableDefinitions()) {
    owners.set(owner, [...(owners.get(owner) ?? []), name]);
  }
  return owners;
}

const WRITE_METHODS = new Set(['insert', 'update', 'delete']);
/** A write named in SQL text: `insert into items`, `update "users"`, `delete from only follows`. */
const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?(\w+)"?/gi;
/** SQL text ending where a write's table goes, the table then interpolated: `update ${users}`. */
const SQL_WRITE_BEFORE_TABLE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?$/i;
/**
 * A read named in SQL text: `from users u`, `join "items" i`, `from only follows`. A `delete
 * from` is a write, which the write rule reports.
 */
const SQL_READ = /(?<!\bdelete\s+)\b(?:from|join)\s+(?:only\s+)?"?(\w+)"?/gi;
/** A file that reads other modules' tables by design (its name says so). */
const READ_MODEL = /\.read-model\.ts$/;

/** The folder a file writes for: its module, or the owner folder it lies in, or none. */
function areaOf(file, owners) {
  const module = /^server\/modules\/[^/]+/.exec(file);
  if (module) return module[0];
  return owners.find((owner) => file.startsWith(`${owner}/`)) ?? null;
}

/** The variable a name refers to where it is used. */
function variableOf(sourceCode, identifier) {
  for (let scope = sourceCode.getScope(identifier); scope; scope = scope.upper) {
    const variable = scope.set.get(identifier.name);
    if (variable) return variable;
  }
  return null;
}

const importedName = (specifier) => specifier.imported.name ?? specifier.imported.value;
const isRelative = (declaration) => String(declaration.source.value).startsWith('.');

/**
 * Who writes and who reads which table. The table an expression stands for is found through the
 * file's imports (a renamed import, a namespace import's member, a local name for either), so a
 * write cannot hide behind `import { users as u }` or `import * as t`.
 */
function tableAccessRule(tables) {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const bySqlName = new Map(tables.map((table) => [table.sqlName, table]));
  const owners = [...new Set(tables.map((table) => table.owner))];
  return {
    meta: {
      type: 'problem',
      docs: {
        description: 'Only the owning module writes a table; others read it in read models.',
      },
      schema: [],
    },
    create(context) {
      const file = path.relative(root, context.filename).split(path.sep).join('/');
      const area = areaOf(file, owners);
      const { sourceCode } = context;
      const checksReads =
        area?.startsWith('server/modules/') && !READ_MODEL.test(file) && !/tables\.ts$/.test(file);
      const foreign = (table) => table.owner !== area;
      const foreignModuleTable = (table) =>
        foreign(table) && table.owner.startsWith('server/modules/');

      const tableOf = (node, depth = 0) => {
        if (!node || depth > 3) return undefined;
        if (
          node.type === 'MemberExpression' &&
          !node.computed &&
          node.object.type === 'Identifier'
        ) {
          const def = variableOf(sourceCode, node.object)?.defs[0];
          if (def?.type === 'ImportBinding' && def.node.type === 'ImportNamespaceSpecifier') {
            return isRelative(def.parent) ? byName.get(node.property.name) : undefined;
          }
          return undefined;
        }
        if (node.type !== 'Identifier') return undefined;
        const def = variableOf(sourceCode, node)?.defs[0];
        if (def?.type === 'ImportBinding' && def.node.type === 'ImportSpecifier') {
          return isRelative(def.parent) ? byName.get(importedName(def.node)) : undefined;
        }
        if (def?.type === 'Variable' && def.node.init && def.parent.kind === 'const') {
          return tableOf(def.node.init, depth + 1);
        }
        return undefined;
      };

      const reportWrite = (node, table) =>
        context.report({
          node,
          message: `Only the module that owns a table writes it; call that module's index.ts instead (${table.owner} owns ${table.name}; ${area ?? 'this file'} writes only its own tables).`,
        });
      const reportRead = (node, table) =>
        context.report({
          node,
          message: `${table.name} belongs to ${table.owner}: read it through a read function that module's index.ts exports, or in a read-model file (*.read-model.ts).`,
        });
      const checkSqlText = (node, text) => {
        for (const [, name] of text.matchAll(SQL_WRITE)) {
          const table = bySqlName.get(name.toLowerCase());
          if (table && foreign(table)) reportWrite(node, table);
        }
        if (!checksReads) return;
        for (const [, name] of text.matchAll(SQL_READ)) {
          const table = bySqlName.get(name.toLowerCase());
          if (table && foreignModuleTable(table)) reportRead(node, table);
        }
      };

      return {
        CallExpression(node) {
          const { callee } = node;
          if (callee.type !== 'MemberExpression' || callee.computed) return;
          if (!WRITE_METHODS.has(callee.property.name)) return;
          const table = tableOf(node.arguments[0]);
          if (table && foreign(table)) reportWrite(node, table);
        },
        TemplateLiteral(node) {
          node.quasis.forEach((quasi, i) => {
            const text = quasi.value.cooked ?? quasi.value.raw;
            checkSqlText(node, text);
            if (i < node.expressions.length && SQL_WRITE_BEFORE_TABLE.test(text)) {
              const table = tableOf(node.expressions[i]);
              if (table && foreign(table)) reportWrite(node, table);
            }
          });
        },
        Literal(node) {
          if (typeof node.value === 'string') checkSqlText(node, node.value);
        },
        ImportDeclaration(node) {
          if (!checksReads || node.importKind === 'type' || !isRelative(node)) return;
          for (const specifier of node.specifiers) {
            if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue;
            const table = byName.get(importedName(specifier));
            if (table && foreignModuleTable(table)) reportRead(specifier, table);
          }
        },
        MemberExpression(node) {
          if (!checksReads || node.object.type !== 'Identifier') return;
          const def = variableOf(sourceCode, node.object)?.defs[0];
          if (def?.type !== 'ImportBinding' || def.node.type !== 'ImportNamespaceSpecifier') return;
          const table = tableOf(node);
          if (table && foreignModuleTable(table)) reportRead(node, table);
        },
      };
    },
  };
}

const crossModuleImport = {
  regex: '^(\\.\\./[^./][^/]*|(\\.\\./)+modules/[^/]+)/(?!index$).+$',
  message:
    'Import another module only through its index.ts (what it offers to others), never its internals.',
};
const crossModuleImportFromTables = {
  regex: '^\\.\\./[^./][^/]*/(?!index$|tables$|[\\w-]+-tables$).+$',
  message: "Table files may import other modules' table files (foreign keys) and index.ts only.",
};
const outsideImport = {
  regex: '(^|/)modules/[^/]+/(?!index$).+$',
  message: 'Outside server/modules, use a module only through its index.ts.',
};

/**
 * The order the modules depend in, lowest first: a module imports only modules of lower layers,
 * never one of its own layer or above, so no two modules import each other. `access` (who may
 * see, buy, follow, message) is beneath every feature; `profiles` composes most of them. A new
 * module takes its place here (server/boundaries.unit.test.ts fails until it does).
 */
export const MODULE_LAYERS = [
  ['access', 'health', 'backup'],
  ['media'],
  ['users'],
  ['items', 'follows', 'blocks'],
  ['reports', 'billing', 'hub', 'feed', 'site', 'rss'],
  ['messages', 'dashboard', 'payouts', 'admin', 'ai'],
  ['mail'],
  ['members'],
  ['auth'],
  ['profiles'],
];

/** The import patterns that keep `module` from reaching its own layer or any above it. */
function layerImport(module) {
  const layer = MODULE_LAYERS.findIndex((names) => names.includes(module));
  const barred = MODULE_LAYERS.slice(layer)
    .flat()
    .filter((name) => name !== module);
  if (barred.length === 0) return [];
  return [
    {
      regex: `^\\.\\./(${barred.join('|')})(/|$)`,
      message: `${module} is in layer ${layer} of MODULE_LAYERS (eslint-boundaries.js): it imports only modules of lower layers, so no two modules import each other.`,
    },
  ];
}

/** The flat-config entries enforcing the boundaries. */
export function boundaryConfigs() {
  const configs = [
    // One entry per module: flat config replaces a rule's options rather than merging them, so
    // the index.ts rule and the module's layer rule travel together.
    ...MODULE_LAYERS.flat().map((module) => ({
      files: [`server/modules/${module}/**/*.ts`],
      ignores: [
        'server/modules/**/*tables.ts',
        'server/**/*.test.ts',
        'server/modules/**/test-helpers.ts',
      ],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [crossModuleImport, ...layerImport(module)] },
        ],
      },
    })),
    {
      files: ['server/modules/**/*tables.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns: [crossModuleImportFromTables] }] },
    },
    {
      files: ['server/**/*.ts', 'bench/**/*.ts'],
      ignores: [
        'server/modules/**',
        'server/db/schema/index.ts',
        'server/**/*.test.ts',
        'server/test/**',
      ],
      rules: { 'no-restricted-imports': ['error', { patterns: [outsideImport] }] },
    },
  ];
  configs.push({
    files: ['server/**/*.ts'],
    ignores: [
      'server/seed/**',
      'server/test/**',
      'server/ops/**',
      'server/**/*.test.ts',
      'server/**/test-helpers.ts',
    ],
    plugins: { boundaries: { rules: { 'table-access': tableAccessRule(tableDefinitions()) } } },
    rules: { 'boundaries/table-access': 'error' },
  });
  return configs;
}
