import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { headersFor, parseHeadersFile } from "../security";
import { MISSING, ROUTES, scrollToY, toggle, useBrowser, usePage, watchProblems, WIDTHS } from "./site";

const chromium = useBrowser();
const ALL_PAGES = [...ROUTES, MISSING];

/** Violations of the page's policy, as the browser reports them to the page itself. */
const violations = (page: Page) => page.evaluate(() => (window as unknown as { violations: string[] }).violations);

describe.each(WIDTHS)("served with the built _headers, at %i px", (width) => {
  const view = usePage(chromium, { width });
  let problems: string[];
  let expectedPolicy: string;

  beforeAll(async () => {
    const rules = parseHeadersFile(await readFile(join(inject("distDir"), "_headers"), "utf8"));
    expectedPolicy = headersFor(rules, "/").get("content-security-policy")!;
    problems = watchProblems(view.page);
    await view.context.addInitScript(() => {
      const seen: string[] = ((window as unknown as { violations: string[] }).violations = []);
      document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.effectiveDirective} blocked ${e.blockedURI} ${e.sample}`));
    });
  });

  it.each(ALL_PAGES)("%s: no Content-Security-Policy violation while the page is used, and no cookie", async (route) => {
    problems.length = 0;
    const response = (await view.page.goto(route))!;
    expect(response.headers()["content-security-policy"]).toBe(expectedPolicy);
    // Use it: the first key starts React, then scroll, and open and close the menu where there is one.
    await view.page.keyboard.press("Shift");
    await view.page.waitForSelector(".site-header[data-hydrated]", { state: "attached" });
    await scrollToY(view.page, 300);
    if (await toggle(view.page).isVisible()) {
      await toggle(view.page).click();
      expect(await toggle(view.page).getAttribute("aria-expanded")).toBe("true");
      await view.page.keyboard.press("Escape");
    }
    await scrollToY(view.page, 0);
    await view.page.waitForLoadState("networkidle");
    expect(await violations(view.page)).toEqual([]);
    expect(problems).toEqual([]);
    expect(await view.page.evaluate(() => document.cookie)).toBe("");
    expect(await view.context.cookies()).toEqual([]);
  });

  it("reports a violation when a page does run code the policy does not allow (so the check above can fail)", async () => {
    await view.page.goto(ROUTES[0]!);
    await view.page.evaluate(() => {
      const img = document.createElement("img");
      img.src = "https://tracker.example.net/pixel.gif";
      document.body.append(img);
    });
    // Both the header and the <meta> policy report it.
    await expect.poll(() => violations(view.page)).toContainEqual(expect.stringContaining("img-src blocked https://tracker.example.net"));
  });
});
