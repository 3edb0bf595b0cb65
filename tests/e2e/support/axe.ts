/** The accessibility check every screen's browser test runs: no axe violation, each listed with where it is. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoViolations(page: Page): Promise<void> {
  // A toast or dialog still fading in has a contrast it will not keep: let finite animations and transitions end
  // first (looping ones, such as spinners, never do). One still running after 5 s is checked as it stands.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      ({ id, help, nodes }) => `${id}: ${help} (${nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
  ).toEqual([]);
}
