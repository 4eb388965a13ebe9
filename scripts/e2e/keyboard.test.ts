import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, ROUTES, toggle, useBrowser, usePage, visit } from "./site";

const chromium = useBrowser();

/**
 * Every focusable stop reached with Tab from the top of the page (or Shift+Tab from the bottom, where elements
 * scroll in under the fixed bar), with what a sighted keyboard user sees at each.
 */
async function tabThrough(page: Page, direction: "forward" | "backward" = "forward") {
  await page.evaluate((backward) => {
    document
      .querySelectorAll("a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex='-1'])")
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

/** Tab and Shift+Tab reach every link, each with a visible ring that the fixed bar never covers. */
async function expectKeyboardReachesEverything(page: Page) {
  const phone = await toggle(page).isVisible();
  const stops = await tabThrough(page);
  const links = await page.evaluate((phoneMenu) => {
    // Every link, and every question's summary; a link inside a closed answer is reached once it is opened.
    const all = [...document.querySelectorAll<HTMLElement>("a[href], summary")].filter(
      (el) => el.tagName === "SUMMARY" || !el.closest("details:not([open])"),
    );
    return all.filter((a) => !(phoneMenu && a.closest(".site-nav"))).map((a) => a.dataset.stop!);
  }, phone);
  expect(stops.map((s) => s.stop)).toEqual(expect.arrayContaining(links));
  const backward = await tabThrough(page, "backward");
  expect(backward.map((s) => s.stop).sort()).toEqual(stops.map((s) => s.stop).sort());
  for (const s of [...stops, ...backward])
    expect(s, `stop ${s.stop}`).toMatchObject({ ring: true, covered: false, offScreen: false });

  if (phone) {
    // On a phone the links live behind the toggle: open it from the keyboard and Tab on into them.
    await toggle(page).focus();
    await page.keyboard.press("Enter");
    const navStops: string[] = [];
    for (let i = 0; i < (await page.locator(".site-nav a").count()); i++) {
      await page.keyboard.press("Tab");
      navStops.push(await page.evaluate(() => document.activeElement!.textContent!));
    }
    expect(navStops).toEqual(await page.locator(".site-nav a").allTextContents());
  }
}

describe("keyboard only, on a phone", () => {
  const view = usePage(chromium, { width: PHONE });

  it.each(ROUTES)("%s: Tab reaches every link with a visible ring the fixed bar never hides", async (route) => {
    await visit(view.page, route);
    await expectKeyboardReachesEverything(view.page);
  });

  it("the skip link is the first stop, shows when focused, and moves focus to the content", async () => {
    await visit(view.page, ROUTES[1]!);
    await view.page.keyboard.press("Tab");
    const skip = view.page.locator(".skip-link");
    expect(await skip.evaluate((a) => a === document.activeElement)).toBe(true);
    expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    expect(await skip.isVisible()).toBe(true);
    await view.page.keyboard.press("Enter");
    expect(await view.page.evaluate(() => document.activeElement?.id)).toBe("main");
  });
});

describe("keyboard only, on a desktop (where the links sit in the bar)", () => {
  const view = usePage(chromium, { width: DESKTOP });

  it("Tab reaches every link, the bar's included, with a visible ring the fixed bar never hides", async () => {
    await visit(view.page, "/products/");
    await expectKeyboardReachesEverything(view.page);
  });

  it("on Home, Tab follows the eye: the hero's words and its one lead action, then the fields beside them", async () => {
    await visit(view.page, "/");
    const stops = await tabThrough(view.page);
    const columns = await view.page.evaluate(
      (order) => {
        const panel = document.querySelector(".hero__fields")!.getBoundingClientRect();
        return order
          .map((stop) => document.querySelector<HTMLElement>(`[data-stop="${stop}"]`)!)
          .filter((el) => el.closest(".hero"))
          .map((el) => (el.getBoundingClientRect().left >= panel.left ? "fields" : "words"));
      },
      stops.map((s) => s.stop),
    );
    // The words' column first (its lead action), every stop of the fields' column after it.
    expect(columns[0]).toBe("words");
    expect(columns.slice(columns.indexOf("fields"))).not.toContain("words");
  });
});
