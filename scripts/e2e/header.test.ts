import type { CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { frame } from "../../src/content/frame";
import { SCROLL_THRESHOLD } from "../../src/islands/SiteHeader";
import { axeViolations } from "./axe";
import {
  DESKTOP,
  isHydrated,
  hydrated,
  NAV_LABELS,
  navLinks,
  PHONE,
  settle,
  toggle,
  usePage,
  useBrowser,
  visit,
  watchPage,
} from "./site";

// What the bar does is the same on every page; each page's own link and content are checked in pages.test.ts and
// render.test.ts. So the behaviour is tried here on one page. The scroll threshold, Escape and closing on a link
// are among the scenarios every engine runs (engines/scenarios.ts), Chromium included.
const ROUTE = "/about/";
const chromium = useBrowser();

const focusedIsInNav = (page: Page) => page.evaluate(() => !!document.activeElement?.closest(".site-nav"));
const isOpen = (page: Page) => page.evaluate(() => document.querySelector(".site-nav")!.matches(":popover-open"));
const look = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate(
      (a) => `${getComputedStyle(a).backgroundColor} ${getComputedStyle(a).color} ${getComputedStyle(a).boxShadow}`,
    );

describe("the top bar on a desktop", () => {
  const view = usePage(chromium, { width: DESKTOP });

  it("shows the brand and a link to every page in the bar, and the current page's link looks different from the others", async () => {
    await visit(view.page, ROUTE);
    expect(await view.page.locator(".site-header__brand").isVisible()).toBe(true);
    expect(await navLinks(view.page).allTextContents()).toEqual(NAV_LABELS);
    expect(await toggle(view.page).isVisible()).toBe(false);
    expect(await view.page.locator('.site-nav a[aria-current="page"]').getAttribute("href")).toBe(ROUTE);
    expect(await look(view.page, '.site-nav a[aria-current="page"]')).not.toBe(
      await look(view.page, ".site-nav a:not([aria-current])"),
    );
  });
});

describe("the phone menu", () => {
  const view = usePage(chromium, { width: PHONE });

  it("opens from the toggle with every link shown and the current one marked, and passes axe while open", async () => {
    await visit(view.page, ROUTE);
    expect(await navLinks(view.page).first().isVisible()).toBe(false);
    await toggle(view.page).click();
    expect(await isOpen(view.page)).toBe(true);
    for (const link of await navLinks(view.page).all()) expect(await link.isVisible()).toBe(true);
    expect(await look(view.page, '.site-nav a[aria-current="page"]')).not.toBe(
      await look(view.page, ".site-nav a:not([aria-current])"),
    );
    expect(await axeViolations(view.page)).toEqual([]);
  });

  it("open, holds the page: its panel covers the screen under the bar, the page behind does not scroll, and its toggle says Close", async () => {
    await visit(view.page, ROUTE);
    await view.page.mouse.wheel(0, 300);
    await expect.poll(() => view.page.evaluate(() => scrollY)).toBe(300);
    await toggle(view.page).click();
    expect(await isOpen(view.page)).toBe(true);
    expect(await toggle(view.page).locator("span:visible").textContent()).toBe(frame.close);
    await settle(view.page);
    // From the bar's foot to the screen's, the panel: nothing of the page behind shows or takes a touch.
    const [bar, panel, height] = await view.page.evaluate(() => [
      document.querySelector(".site-header__bar")!.getBoundingClientRect().bottom,
      document.querySelector(".site-nav")!.getBoundingClientRect().toJSON() as DOMRect,
      innerHeight,
    ]);
    expect([Math.round(panel.top), Math.round(panel.bottom)]).toEqual([Math.round(bar as number), height]);
    expect(
      await view.page.evaluate(
        () => document.elementFromPoint(innerWidth / 2, innerHeight - 10)?.closest(".site-nav") !== null,
      ),
    ).toBe(true);
    // A wheel or a swipe over it scrolls nothing behind it.
    await view.page.mouse.move(200, 600);
    await view.page.mouse.wheel(0, 400);
    await view.page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await view.page.evaluate(() => scrollY)).toBe(300);
    await toggle(view.page).click();
    expect(await toggle(view.page).locator("span:visible").textContent()).toBe(frame.menu);
  });

  it("closes when focus moves past its last link, and when a tap lands outside it", async () => {
    await visit(view.page, ROUTE);
    await toggle(view.page).click();
    await navLinks(view.page).last().focus();
    await view.page.keyboard.press("Tab");
    await expect.poll(() => isOpen(view.page)).toBe(false);
    await toggle(view.page).click();
    expect(await isOpen(view.page)).toBe(true);
    await view.page.mouse.click(5, 5);
    await expect.poll(() => isOpen(view.page)).toBe(false);
  });

  it("cannot be tabbed into while closed", async () => {
    await visit(view.page, ROUTE);
    await toggle(view.page).focus();
    for (let i = 0; i < 3; i++) {
      await view.page.keyboard.press("Tab");
      expect(await focusedIsInNav(view.page)).toBe(false);
    }
  });

  it("closes when the window widens past the point where the links join the bar", async () => {
    await visit(view.page, ROUTE);
    await toggle(view.page).click();
    expect(await isOpen(view.page)).toBe(true);
    await view.page.setViewportSize({ width: DESKTOP, height: 720 });
    await expect.poll(() => isOpen(view.page)).toBe(false);
    await view.page.setViewportSize({ width: PHONE, height: 720 });
    await settle(view.page);
    expect(await navLinks(view.page).first().isVisible()).toBe(false);
  });
});

describe("without JavaScript, on a phone", () => {
  const view = usePage(chromium, { width: PHONE, js: false });

  it("the menu opens from its toggle and closes on the second tap, every link reachable by keyboard while open", async () => {
    await visit(view.page, ROUTE);
    expect(await navLinks(view.page).first().isVisible()).toBe(false);
    await toggle(view.page).click();
    expect(await isOpen(view.page)).toBe(true);
    expect(await toggle(view.page).locator("span:visible").textContent()).toBe(frame.close);
    const reached: string[] = [];
    for (let i = 0; i < 12 && reached.length < NAV_LABELS.length; i++) {
      await view.page.keyboard.press("Tab");
      if (await focusedIsInNav(view.page))
        reached.push(await view.page.evaluate(() => document.activeElement!.textContent!));
    }
    expect(reached).toEqual(NAV_LABELS);
    await toggle(view.page).click();
    expect(await isOpen(view.page)).toBe(false);
    expect(await toggle(view.page).locator("span:visible").textContent()).toBe(frame.menu);
  });
});

describe("React starts on first use, and that first use takes effect", () => {
  const view = usePage(chromium, { width: PHONE });
  let page: Page;
  let cdp: CDPSession;
  beforeAll(async () => {
    page = view.page;
    // A mid-range phone: Chromium's CPU slowed four times, as Lighthouse's mobile profile does.
    cdp = await view.context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  });
  afterAll(async () => {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await cdp.detach();
  });

  it("a page with no player in view that is only read downloads the islands after it has painted, but never runs them", async () => {
    const watched = watchPage(page);
    await visit(page, "/contact/", { use: false });
    // The loader preloads once the page has loaded and painted: wait for those downloads to finish.
    await page.waitForFunction(() =>
      performance
        .getEntriesByType("resource")
        .some((e) => /\/assets\/islands-/.test(e.name) && (e as PerformanceResourceTiming).responseEnd > 0),
    );
    await watched.quiet();
    await settle(page);
    expect(await isHydrated(page)).toBe(false);
    expect(watched.problems).toEqual([]);
  });

  // Browsers that keep the loader waiting: one with no idle moment (a slow phone, kept busy every frame), where
  // an idle callback runs only when its timeout comes; one that never reports the page's first paint, as
  // Chromium now and then does not.
  const quirks = {
    "is never idle": () => {
      window.requestIdleCallback = (task, options) =>
        options?.timeout === undefined
          ? 0
          : window.setTimeout(() => task({ didTimeout: true, timeRemaining: () => 0 }), options.timeout);
    },
    "never reports its first paint": () => {
      const observe = PerformanceObserver.prototype.observe;
      PerformanceObserver.prototype.observe = function (this: PerformanceObserver, options?: PerformanceObserverInit) {
        if (options?.type !== "paint") observe.call(this, options);
      };
    },
  };
  it.each(Object.entries(quirks))(
    "a page that %s still links what it left for after its first paint, and preloads the islands",
    async (_, quirk) => {
      const own = await view.context.newPage();
      try {
        await own.addInitScript(quirk);
        await visit(own, "/", { use: false });
        expect(await own.locator('head > link[rel="icon"]').getAttribute("href")).not.toBe("data:,");
        expect(await own.locator('head > link[rel="modulepreload"]').count()).toBeGreaterThan(0);
      } finally {
        await own.close();
      }
    },
  );

  it("a player in view is made ready once the page has painted, before anything is tapped", async () => {
    await visit(page, "/products/", { use: false });
    await hydrated(page);
    expect(await isHydrated(page)).toBe(true);
  });

  it("a first tap on the toggle opens the menu at once, before React, and it stays open as React arrives", async () => {
    // React's code held back until after the tap: the tap cannot wait for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/*.js", async (route) => {
      await held;
      await route.continue();
    });
    try {
      await visit(page, "/about/", { use: false });
      await toggle(page).click();
      expect(await isOpen(page)).toBe(true);
      expect(await isHydrated(page)).toBe(false);
      release();
      await hydrated(page);
      await settle(page);
      expect(await isOpen(page)).toBe(true);
      expect(await navLinks(page).first().isVisible()).toBe(true);
    } finally {
      release();
      await page.unroute("**/assets/*.js");
    }
  });

  it(`a first scroll past ${SCROLL_THRESHOLD} px turns the bar opaque`, async () => {
    await visit(page, "/about/", { use: false });
    await page.mouse.move(100, 300);
    await page.mouse.wheel(0, 400);
    await hydrated(page);
    await expect.poll(() => page.locator(".site-header[data-scrolled]").count()).toBe(1);
  });

  it("a first key press reaches the toggle: Tab to it and press Enter", async () => {
    await visit(page, "/contact/", { use: false });
    await toggle(page).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => isOpen(page)).toBe(true);
  });

  it("a page opened at a #section is already in use, and starts at once", async () => {
    await visit(page, "/about/#listening-safely", { use: false });
    await hydrated(page);
    await expect.poll(() => page.locator(".site-header[data-scrolled]").count()).toBe(1);
  });
});
