import type { Scenario } from './types';

/** The floor of every other scenario: the whole plugin stack plus one database round trip. */
export const health: Scenario = {
  name: 'health',
  description: 'GET /api/v1/health (plugins, hooks, one database round trip)',
  async prepare() {
    return { path: '/api/v1/health' };
  },
};
