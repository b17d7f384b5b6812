// Module boundaries of the server (issue 9), as ESLint rules built from the source tree:
//   1. a module imports another module only through its `index.ts` (table files may import
//      other modules' table files, for foreign keys);
//   2. a module never inserts into, updates or deletes from a table another area owns.
// A table belongs to the folder whose `*tables.ts` defines it (server/modules/<feature>,
// server/events, server/jobs). The demo seed and tests are exempt from rule 2: they build data.
import fs from 'node:fs';
import path from 'node:path';

const root = path.dirname(new URL(import.meta.url).pathname);
const TABLE_DEFINITION = /export const (\w+) = pgTable\(/g;

function tableFiles(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...tableFiles(full));
    else if (/tables\.ts$/.test(entry.name)) found.push(full);
  }
  return found;
}

/** owner folder (relative, e.g. `server/modules/items`) -> names of the tables it defines */
export function tableOwners() {
  const owners = new Map();
  for (const file of tableFiles(path.join(root, 'server'))) {
    const owner = path.relative(root, path.dirname(file));
    const names = [...fs.readFileSync(file, 'utf8').matchAll(TABLE_DEFINITION)].map((m) => m[1]);
    owners.set(owner, [...(owners.get(owner) ?? []), ...names]);
  }
  return owners;
}

const WRITE_METHODS = 'insert|update|delete';

function writeRestriction(tables, owner) {
  return {
    selector: `CallExpression[callee.property.name=/^(${WRITE_METHODS})$/][arguments.0.name=/^(${tables.join('|')})$/]`,
    message: `Only the module that owns a table writes it; call that module's index.ts instead (${owner} writes only its own tables).`,
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
  ['reports', 'billing', 'hub', 'feed', 'site'],
  ['messages', 'dashboard', 'payouts', 'admin', 'ai'],
  ['mail'],
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
  const owners = tableOwners();
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
  const everyOwner = [...owners.keys()];
  for (const owner of everyOwner) {
    const others = everyOwner.filter((o) => o !== owner).flatMap((o) => owners.get(o) ?? []);
    if (others.length === 0) continue;
    configs.push({
      files: [`${owner}/**/*.ts`],
      ignores: ['server/**/*.test.ts', 'server/**/test-helpers.ts'],
      rules: { 'no-restricted-syntax': ['error', writeRestriction(others, owner)] },
    });
  }
  // Everything outside the owners (routes of infra, jobs, main) writes no module's table either.
  const allTables = [...owners.values()].flat();
  configs.push({
    files: ['server/**/*.ts'],
    ignores: [
      ...everyOwner.map((o) => `${o}/**`),
      'server/seed/**',
      'server/test/**',
      'server/**/*.test.ts',
      'server/**/test-helpers.ts',
      'server/ops/**',
    ],
    rules: { 'no-restricted-syntax': ['error', writeRestriction(allTables, 'this file')] },
  });
  return configs;
}
