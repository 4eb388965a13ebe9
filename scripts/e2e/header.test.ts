import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCROLL_THRESHOLD } from "../../src/islands/SiteHeader";
import { launchChromium } from "./chromium";
import { NAV_LABELS, newContext, ROUTES, scrollToY, settle, toggle, navLinks, visit, WIDTHS } from "./site";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The alpha of the bar's background colour: how opaque it is. */
const barOpacity = (page: Page) =>
  page.evaluate(() => {
    const color = getComputedStyle(document.querySelector(".site-header")!).backgroundColor;
    const parts = color.match(/[\d.]+/g)!.map(Number);
    return parts.length === 4 ? parts[3]! : 1;
  });

const focusedIsInNav = (page: Page) => page.evaluate(() => !!document.activeElement?.closest(".site-nav"));

describe.each(WIDTHS)("top bar at %i px", (width) => {
  describe.each([
    ["on", true],
    ["off", false],
  ])("JavaScript %s", (_, js) => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await newContext(browser, { width, js });
      page = await context.newPage();
    });
    afterAll(() => context.close());

    it.each(ROUTES)("%s: brand, the six links, the current one marked and highlighted", async (route) => {
      await visit(page, route);
      const brand = page.locator(".site-header__brand");
      await expect(brand.getAttribute("href")).resolves.toBe("/");
      expect(await brand.isVisible()).toBe(true);
      expect(await navLinks(page).allTextContents()).toEqual(NAV_LABELS);

      const current = page.locator('.site-nav a[aria-current="page"]');
      expect(await current.count()).toBe(1);
      expect(await current.getAttribute("href")).toBe(route);

      const phoneMenu = js && (await toggle(page).isVisible());
      expect(phoneMenu).toBe(js && width < 800);
      if (phoneMenu) await toggle(page).click();
      const other = navLinks(page).and(page.locator(":not([aria-current])")).first();
      const look = (l: typeof other) => l.evaluate((a) => getComputedStyle(a).backgroundColor + getComputedStyle(a).color);
      expect(await current.isVisible()).toBe(true);
      expect(await look(current)).not.toBe(await look(other));
    });

    if (!js) {
      it.each(ROUTES)("%s: without JavaScript every link is visible and reachable by keyboard", async (route) => {
        await visit(page, route);
        expect(await toggle(page).isVisible()).toBe(false);
        const reached: string[] = [];
        for (let i = 0; i < 12 && reached.length < NAV_LABELS.length; i++) {
          await page.keyboard.press("Tab");
          if (await focusedIsInNav(page)) reached.push(await page.evaluate(() => document.activeElement!.textContent!));
        }
        expect(reached).toEqual(NAV_LABELS);
        for (const link of await navLinks(page).all()) {
          const box = (await link.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
      });
    }

    if (js) {
      it.each(ROUTES)(`%s: unchanged at ${SCROLL_THRESHOLD} px, more opaque at ${SCROLL_THRESHOLD + 1} px, restored at 0`, async (route) => {
        await visit(page, route);
        const atTop = await barOpacity(page);
        await scrollToY(page, SCROLL_THRESHOLD);
        expect(await page.evaluate(() => window.scrollY)).toBe(SCROLL_THRESHOLD);
        expect(await barOpacity(page)).toBe(atTop);
        await scrollToY(page, SCROLL_THRESHOLD + 1);
        expect(await page.evaluate(() => window.scrollY)).toBe(SCROLL_THRESHOLD + 1);
        expect(await barOpacity(page)).toBeGreaterThan(atTop);
        await scrollToY(page, 0);
        expect(await barOpacity(page)).toBe(atTop);
      });
    }
  });
});

describe("the phone menu (375 px, JavaScript on)", () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await newContext(browser, { width: 375 });
    page = await context.newPage();
  });
  afterAll(() => context.close());

  const isOpen = async () => (await toggle(page).getAttribute("aria-expanded")) === "true";

  it.each(ROUTES)("%s: opens from the toggle and closes on Escape, focus back on the toggle", async (route) => {
    await visit(page, route);
    expect(await navLinks(page).first().isVisible()).toBe(false);
    await toggle(page).click();
    expect(await isOpen()).toBe(true);
    for (const link of await navLinks(page).all()) expect(await link.isVisible()).toBe(true);

    await navLinks(page).nth(2).focus();
    await page.keyboard.press("Escape");
    await settle(page);
    expect(await isOpen()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains("site-header__toggle"))).toBe(true);
    expect(await navLinks(page).first().isVisible()).toBe(false);
  });

  it.each(ROUTES)("%s: cannot be tabbed into while closed", async (route) => {
    await visit(page, route);
    await toggle(page).focus();
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Tab");
      expect(await focusedIsInNav(page)).toBe(false);
    }
  });

  it.each(ROUTES)("%s: closes when a link is chosen, and the page navigates", async (route) => {
    await visit(page, route);
    const target = ROUTES.find((r) => r !== route)!;
    // What the menu looked like as the visitor left this page, read back on the next one.
    await page.evaluate(() =>
      addEventListener("pagehide", () => {
        const expanded = document.querySelector(".site-header__toggle")!.getAttribute("aria-expanded");
        sessionStorage.setItem("menu-expanded-at-pagehide", String(expanded));
      }),
    );
    await toggle(page).click();
    expect(await isOpen()).toBe(true);
    await page.locator(`.site-nav a[href="${target}"]`).click();
    await page.waitForURL(`**${target}`);
    expect(await page.evaluate(() => sessionStorage.getItem("menu-expanded-at-pagehide"))).toBe("false");
  });
});
