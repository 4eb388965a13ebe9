import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../paths";
import { JS_MODES, MISSING, newContext, ROUTES, settle, useBrowser, usePage, visit, waitForHydration, WIDTHS } from "./site";

export const SCREENSHOT_DIR = join(ROOT, ".artifacts/screenshots");
const ALL_PAGES = [...ROUTES, MISSING];

const chromium = useBrowser();
beforeAll(() => mkdir(SCREENSHOT_DIR, { recursive: true }));

/** Elements that reach past the viewport's sides without an ancestor clipping them. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const { overflowX } = getComputedStyle(p);
        if (overflowX === "hidden" || overflowX === "clip") return true;
      }
      return false;
    };
    const width = document.documentElement.clientWidth;
    return [...document.body.querySelectorAll("*")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5) && !clipped(el);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  });

const runningAnimations = (page: Page) =>
  page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running").length);

describe.each(JS_MODES)("at 320 px, JavaScript %s", (_, js) => {
  const view = usePage(chromium, { width: 320, js });

  it.each(ALL_PAGES)("%s: nothing is wider than the screen", async (route) => {
    await visit(view.page, route);
    expect(await view.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await overflowing(view.page)).toEqual([]);
  });
});

describe("motion", () => {
  it.each(ALL_PAGES)("%s: under reduced motion no decorative animation runs", async (route) => {
    const context = await newContext(chromium.browser, { width: 1280, reducedMotion: "reduce" });
    const page = await context.newPage();
    await visit(page, route);
    expect(await runningAnimations(page)).toBe(0);
    await context.close();
  });

  it("the home page's orbs do animate when motion is welcome (so the check above can fail), and settle", async () => {
    const context = await newContext(chromium.browser, { width: 1280, reducedMotion: "no-preference" });
    const page = await context.newPage();
    await visit(page, "/");
    const orbs = await page.evaluate(
      () => document.getAnimations().filter((a) => (a.effect as KeyframeEffect | null)?.target?.classList.contains("orb")).length,
    );
    expect(orbs).toBe(3);
    // WCAG 2.2.2: motion that starts by itself stops within five seconds.
    const longest = await page.evaluate(() =>
      Math.max(...document.getAnimations().map((a) => Number(a.effect!.getComputedTiming().endTime))),
    );
    expect(longest).toBeLessThanOrEqual(5000);
    await context.close();
  });
});

describe.each(WIDTHS)("screenshots at %i px", (width) => {
  const view = usePage(chromium, { width });

  it.each(ALL_PAGES)("%s: lays out within the viewport, and is saved for a person to look at", async (route) => {
    await visit(view.page, route);
    expect(await view.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const name = route === MISSING ? "404" : route.replace(/^\/|\/$/g, "") || "home";
    await view.page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
  });
});

describe("layout stability", () => {
  it.each(ROUTES)("%s: no layout shift on load, nor when the header hydrates", async (route) => {
    const context = await newContext(chromium.browser, { width: 375, reducedMotion: "no-preference" });
    const page = await context.newPage();
    // Opened at a #fragment, the page starts React by itself, with no input to excuse a shift.
    await page.goto(`${route}#main`, { waitUntil: "load" });
    await waitForHydration(page);
    await settle(page);
    const shifts = await page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().map((e) => (e as unknown as { value: number }).value))).observe({
            type: "layout-shift",
            buffered: true,
          });
          setTimeout(() => resolve([]), 500);
        }),
    );
    expect(shifts).toEqual([]);
    await context.close();
  });
});
