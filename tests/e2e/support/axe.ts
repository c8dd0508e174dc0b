import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * The page's WCAG 2.1 A and AA violations as axe-core reports them, once the page has settled:
 * the consent banner fades in after first paint, and axe measuring its buttons' contrast halfway
 * through the fade reports colours no shopper reads. So the check waits for running CSS
 * animations to finish first, and looks at the page as it stays. `include` narrows the check to
 * one part of the page (a selector).
 */
export async function accessibilityViolations(page: Page, include?: string) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  return (include ? builder.include(include) : builder).analyze();
}
