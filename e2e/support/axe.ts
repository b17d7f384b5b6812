import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe violations on the page (or within `include`), as
 * "rule: selectors" lines, so a failing test names what to fix. Axe is asked for violations
 * only: collecting the passing nodes of every rule too took much of each run's time on large
 * pages, and no test reads them. Legacy mode runs axe in the page itself instead of opening an
 * extra page per run to merge frame results; our pages embed no cross-origin frames.
 */
export async function seriousViolations(
  page: Page,
  options: { include?: string; rules?: string[] } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  if (options.include) builder.include(options.include);
  if (options.rules) builder.withRules(options.rules);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
