import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * What axe-core finds wrong (WCAG 2.2 A and AA, and best practice) in the page or one part of it. It runs through
 * the debugging protocol, so the page's strict policy cannot block it.
 */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  // Only the violations come back: axe's whole result (every rule that passed, with each node's HTML) is some 200 kB
  // a page, which the page serializes and the test process parses for nothing.
  const violations = await page.evaluate(
    ({ tags, selector }) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe
        .run(selector ? document.querySelector(selector) : document, {
          runOnly: { type: "tag", values: tags },
          resultTypes: ["violations"],
        })
        .then((results) => results.violations),
    { tags: AXE_TAGS, selector },
  );
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}
