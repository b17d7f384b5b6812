import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
  // Colours mid-transition (a dialog fading in) are not the page's colours: let them settle.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))),
  );
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The axe rules whose outcome depends on colours: all a theme can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The page, which follows the system's colour scheme (no theme saved) and was loaded with the
 * light one, checked with every rule; then the system scheme turns dark, the page follows (SPEC
 * §4), and it is checked with the colour rules. A theme changes colours, not the page's
 * elements, names or structure, so this covers what a full check in each theme did with one page
 * load and one full run fewer. By theme, so a failure names it.
 */
export async function violationsLightThenDark(
  page: Page,
  options: { include?: string } = {},
): Promise<{ light: string[]; dark: string[] }> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const light = await seriousViolations(page, options);
  // Colours are read once the dark theme has painted, not halfway through a transition.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const dark = await seriousViolations(page, { ...options, rules: COLOUR_RULES });
  return { light, dark };
}
