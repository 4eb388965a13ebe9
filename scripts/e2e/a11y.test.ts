import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JS_MODES, MISSING, newNoScriptContext, ROUTES, scrollToY, toggle, useBrowser, usePage, visit, watchProblems, WIDTHS } from "./site";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
const ALL_PAGES = [...ROUTES, MISSING];

const chromium = useBrowser();

/** Runs axe-core in the page (through the debugging protocol, so a strict CSP cannot block it). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe.run(document, { runOnly: { type: "tag", values: tags } }),
    AXE_TAGS,
  );
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe.each(WIDTHS)("at %i px", (width) => {
  describe.each(JS_MODES)("JavaScript %s", (_, js) => {
    const view = usePage(chromium, { width, js, reducedMotion: "no-preference" });
    let problems: string[];
    beforeAll(() => {
      problems = watchProblems(view.page);
    });

    it.each(ALL_PAGES)("%s: no console error or warning, no failed request, while used", async (route) => {
      problems.length = 0;
      await visit(view.page, route);
      await scrollToY(view.page, 400);
      if (js && (await toggle(view.page).isVisible())) {
        await toggle(view.page).click();
        await view.page.keyboard.press("Escape");
      }
      await scrollToY(view.page, 0);
      await view.page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
    });

    it.each(ALL_PAGES)("%s: axe finds no WCAG 2.2 A/AA or best-practice violation", async (route) => {
      const axeContext = js ? view.context : await newNoScriptContext(chromium.browser, { width });
      const axePage = js ? view.page : await axeContext.newPage();
      await visit(axePage, route);
      expect(await axePage.evaluate(() => document.documentElement.classList.contains("js"))).toBe(js);
      expect(await axeViolations(axePage)).toEqual([]);
      if (!js) await axeContext.close();
    });

    if (js && width < 800) {
      it.each(ALL_PAGES)("%s: axe finds no violation with the menu open", async (route) => {
        await visit(view.page, route);
        await toggle(view.page).click();
        expect(await toggle(view.page).getAttribute("aria-expanded")).toBe("true");
        expect(await axeViolations(view.page)).toEqual([]);
      });
    }
  });
});

/**
 * Every focusable stop reached with Tab from the top of the page (or Shift+Tab from the bottom, where
 * elements scroll in under the fixed bar), with what a sighted keyboard user sees at each.
 */
async function tabThrough(page: Page, direction: "forward" | "backward" = "forward") {
  await page.evaluate((backward) => {
    document
      .querySelectorAll("a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])")
      .forEach((el, i) => el.setAttribute("data-stop", String(i)));
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, backward ? document.documentElement.scrollHeight : 0);
  }, direction === "backward");
  const key = direction === "forward" ? "Tab" : "Shift+Tab";
  const stops: { stop: string; ring: boolean; covered: boolean; offScreen: boolean }[] = [];
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press(key);
    const state = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body || !el.dataset.stop) return undefined;
      const rect = el.getBoundingClientRect();
      // Covered means something else is painted on top: test the top and bottom edges, where a fixed bar
      // would overlap first.
      const x = Math.min(Math.max(rect.left + rect.width / 2, 0), innerWidth - 1);
      const edges = [rect.top + 2, rect.bottom - 2].filter((y) => y >= 0 && y < innerHeight);
      const covered = edges.some((y) => {
        const top = document.elementFromPoint(x, y);
        return !top || !(el === top || el.contains(top));
      });
      // A control inside a label may draw its ring on the label (the sample's band choices do).
      const ringOn = (node: Element | null) => {
        const s = node && getComputedStyle(node);
        return !!s && s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2;
      };
      return {
        stop: el.dataset.stop,
        ring: ringOn(el) || (el.tagName === "INPUT" && ringOn(el.closest("label"))),
        covered,
        offScreen: rect.bottom <= 0 || rect.top >= innerHeight,
      };
    });
    if (!state || stops.some((s) => s.stop === state.stop)) break;
    stops.push(state);
  }
  return stops;
}

describe("keyboard only", () => {
  describe.each(WIDTHS)("at %i px", (width) => {
    const view = usePage(chromium, { width });

    it.each(ROUTES)("%s: Tab reaches every link with a visible ring the fixed bar never hides", async (route) => {
      await visit(view.page, route);
      const phone = await toggle(view.page).isVisible();
      const stops = await tabThrough(view.page);
      const links = await view.page.evaluate((phoneMenu) => {
        const all = [...document.querySelectorAll<HTMLElement>("a[href]")];
        return all.filter((a) => !(phoneMenu && a.closest(".site-nav"))).map((a) => a.dataset.stop!);
      }, phone);
      expect(stops.map((s) => s.stop)).toEqual(expect.arrayContaining(links));
      const backward = await tabThrough(view.page, "backward");
      expect(backward.map((s) => s.stop).sort()).toEqual(stops.map((s) => s.stop).sort());
      for (const s of [...stops, ...backward]) {
        expect(s, `stop ${s.stop}`).toMatchObject({ ring: true, covered: false, offScreen: false });
      }

      if (phone) {
        // On a phone the links live behind the toggle: open it from the keyboard and Tab on into them.
        await toggle(view.page).focus();
        await view.page.keyboard.press("Enter");
        const navStops: string[] = [];
        for (let i = 0; i < 6; i++) {
          await view.page.keyboard.press("Tab");
          navStops.push(await view.page.evaluate(() => document.activeElement!.textContent!));
        }
        expect(navStops).toEqual(await view.page.locator(".site-nav a").allTextContents());
      }
    });

    it("the skip link is the first stop, shows when focused, and moves focus to the content", async () => {
      await visit(view.page, ROUTES[1]!);
      await view.page.keyboard.press("Tab");
      const skip = view.page.locator(".skip-link");
      expect(await skip.evaluate((a) => a === document.activeElement)).toBe(true);
      const box = (await skip.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(await skip.isVisible()).toBe(true);
      await view.page.keyboard.press("Enter");
      expect(await view.page.evaluate(() => document.activeElement?.id)).toBe("main");
    });
  });
});
