import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SCROLL_THRESHOLD } from "../../src/islands/SiteHeader";
import { isHydrated, JS_MODES, NAV_LABELS, navLinks, newContext, ROUTES, scrollToY, settle, toggle, usePage, useBrowser, visit, waitForHydration, WIDTHS } from "./site";

const chromium = useBrowser();

/** The alpha of the bar's background colour: how opaque it is. */
const barOpacity = (page: Page) =>
  page.evaluate(() => {
    const color = getComputedStyle(document.querySelector(".site-header")!).backgroundColor;
    const parts = color.match(/[\d.]+/g)!.map(Number);
    return parts.length === 4 ? parts[3]! : 1;
  });

const focusedIsInNav = (page: Page) => page.evaluate(() => !!document.activeElement?.closest(".site-nav"));

describe.each(WIDTHS)("top bar at %i px", (width) => {
  describe.each(JS_MODES)("JavaScript %s", (_, js) => {
    const view = usePage(chromium, { width, js });

    it.each(ROUTES)("%s: brand, the six links, the current one marked and highlighted", async (route) => {
      await visit(view.page, route);
      const brand = view.page.locator(".site-header__brand");
      await expect(brand.getAttribute("href")).resolves.toBe("/");
      expect(await brand.isVisible()).toBe(true);
      expect(await navLinks(view.page).allTextContents()).toEqual(NAV_LABELS);

      const current = view.page.locator('.site-nav a[aria-current="page"]');
      expect(await current.count()).toBe(1);
      expect(await current.getAttribute("href")).toBe(route);

      const phoneMenu = js && (await toggle(view.page).isVisible());
      expect(phoneMenu).toBe(js && width < 800);
      if (phoneMenu) await toggle(view.page).click();
      const other = navLinks(view.page).and(view.page.locator(":not([aria-current])")).first();
      const look = (l: typeof other) => l.evaluate((a) => getComputedStyle(a).backgroundColor + getComputedStyle(a).color);
      expect(await current.isVisible()).toBe(true);
      expect(await look(current)).not.toBe(await look(other));
    });

    if (!js) {
      it.each(ROUTES)("%s: without JavaScript every link is visible and reachable by keyboard", async (route) => {
        await visit(view.page, route);
        expect(await toggle(view.page).isVisible()).toBe(false);
        const reached: string[] = [];
        for (let i = 0; i < 12 && reached.length < NAV_LABELS.length; i++) {
          await view.page.keyboard.press("Tab");
          if (await focusedIsInNav(view.page)) reached.push(await view.page.evaluate(() => document.activeElement!.textContent!));
        }
        expect(reached).toEqual(NAV_LABELS);
        for (const link of await navLinks(view.page).all()) {
          const box = (await link.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
      });
    }

    if (js) {
      it.each(ROUTES)(`%s: unchanged at ${SCROLL_THRESHOLD} px, more opaque at ${SCROLL_THRESHOLD + 1} px, restored at 0`, async (route) => {
        await visit(view.page, route);
        const atTop = await barOpacity(view.page);
        await scrollToY(view.page, SCROLL_THRESHOLD);
        expect(await view.page.evaluate(() => window.scrollY)).toBe(SCROLL_THRESHOLD);
        expect(await barOpacity(view.page)).toBe(atTop);
        await scrollToY(view.page, SCROLL_THRESHOLD + 1);
        expect(await view.page.evaluate(() => window.scrollY)).toBe(SCROLL_THRESHOLD + 1);
        expect(await barOpacity(view.page)).toBeGreaterThan(atTop);
        await scrollToY(view.page, 0);
        expect(await barOpacity(view.page)).toBe(atTop);
      });
    }
  });
});

describe("the phone menu (375 px, JavaScript on)", () => {
  const view = usePage(chromium, { width: 375 });

  const isOpen = async () => (await toggle(view.page).getAttribute("aria-expanded")) === "true";

  it.each(ROUTES)("%s: opens from the toggle and closes on Escape, focus back on the toggle", async (route) => {
    await visit(view.page, route);
    expect(await navLinks(view.page).first().isVisible()).toBe(false);
    await toggle(view.page).click();
    expect(await isOpen()).toBe(true);
    for (const link of await navLinks(view.page).all()) expect(await link.isVisible()).toBe(true);

    await navLinks(view.page).nth(2).focus();
    await view.page.keyboard.press("Escape");
    await settle(view.page);
    expect(await isOpen()).toBe(false);
    expect(await view.page.evaluate(() => document.activeElement?.classList.contains("site-header__toggle"))).toBe(true);
    expect(await navLinks(view.page).first().isVisible()).toBe(false);
  });

  it.each(ROUTES)("%s: cannot be tabbed into while closed", async (route) => {
    await visit(view.page, route);
    await toggle(view.page).focus();
    for (let i = 0; i < 3; i++) {
      await view.page.keyboard.press("Tab");
      expect(await focusedIsInNav(view.page)).toBe(false);
    }
  });

  it.each(ROUTES)("%s: closes when a link is chosen, and the page navigates", async (route) => {
    await visit(view.page, route);
    const target = ROUTES.find((r) => r !== route)!;
    // What the menu looked like as the visitor left this view.page, read back on the next one.
    await view.page.evaluate(() =>
      addEventListener("pagehide", () => {
        const expanded = document.querySelector(".site-header__toggle")!.getAttribute("aria-expanded");
        sessionStorage.setItem("menu-expanded-at-pagehide", String(expanded));
      }),
    );
    await toggle(view.page).click();
    expect(await isOpen()).toBe(true);
    await view.page.locator(`.site-nav a[href="${target}"]`).click();
    await view.page.waitForURL(`**${target}`);
    expect(await view.page.evaluate(() => sessionStorage.getItem("menu-expanded-at-pagehide"))).toBe("false");
  });
});

describe("React starts on first use, and that first use takes effect", () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newContext(chromium.browser, { width: 375 });
  });
  beforeEach(async () => {
    page = await context.newPage();
    // A mid-range phone: Chromium's CPU slowed four times, as Lighthouse's mobile profile does.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  });
  afterEach(() => page.close());
  afterAll(() => context.close());

  it("a page that is only read downloads the islands early but never runs them", async () => {
    await visit(page, "/", { use: false });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    const fetched = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname));
    expect(fetched.some((path) => /^\/assets\/islands-/.test(path))).toBe(true);
    expect(await isHydrated(page)).toBe(false);
  });

  it("a first tap on the toggle opens the menu", async () => {
    await visit(page, "/products/", { use: false });
    await toggle(page).click();
    await waitForHydration(page);
    await expect.poll(() => toggle(page).getAttribute("aria-expanded")).toBe("true");
    await settle(page);
    expect(await toggle(page).getAttribute("aria-expanded")).toBe("true");
    expect(await navLinks(page).first().isVisible()).toBe(true);
  });

  it(`a first scroll past ${SCROLL_THRESHOLD} px turns the bar opaque`, async () => {
    await visit(page, "/about/", { use: false });
    await page.mouse.move(100, 300);
    await page.mouse.wheel(0, 400);
    await waitForHydration(page);
    await expect.poll(() => page.locator(".site-header[data-scrolled]").count()).toBe(1);
  });

  it("a first key press reaches the toggle: Tab to it and press Enter", async () => {
    await visit(page, "/contact/", { use: false });
    await toggle(page).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => toggle(page).getAttribute("aria-expanded")).toBe("true");
  });

  it("a page opened at a #section is already in use, and starts at once", async () => {
    await visit(page, "/about/#listening-safely", { use: false });
    await waitForHydration(page);
    expect(await page.locator(".site-header[data-scrolled]").count()).toBe(1);
  });
});
