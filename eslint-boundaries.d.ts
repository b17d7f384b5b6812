// Types of eslint-boundaries.js, which ESLint loads as plain JavaScript and the tests read.
import type { Linter } from 'eslint';

export const MODULE_LAYERS: readonly (readonly string[])[];
export function tableOwners(): Map<string, string[]>;
export function boundaryConfigs(): Linter.Config[];
