import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe limited to the WCAG 2.0/2.1 A and AA rules, with `label-content-name-mismatch` (WCAG 2.5.3, label in name)
 * switched on: axe ships it as experimental, so it is off unless asked for.
 */
export function wcagAxe(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
}

/** The serious and critical violations of a page (or of the part `scope` narrows it to), one line each. */
export async function seriousViolations(
  page: Page,
  scope: (builder: AxeBuilder) => AxeBuilder = (builder) => builder,
): Promise<string[]> {
  const { violations } = await scope(wcagAxe(page)).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
