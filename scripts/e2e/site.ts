import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { launchChromium } from "./chromium";
import { pages } from "../../src/pages/index";
export { pages };

const navPages = pages.filter((p) => p.meta.nav).sort((a, b) => a.meta.nav!.order - b.meta.nav!.order);

/** The six routes, from the pages' own meta, in nav order. */
export const ROUTES = navPages.map((p) => p.meta.path);
export const NAV_LABELS = navPages.map((p) => p.meta.nav!.label);
/** An address that does not exist: the host answers with 404.html. */
export const MISSING = "/no-such-page/";
export const WIDTHS = [375, 1280] as const;
export const VIEWPORT_HEIGHT = 720;

export const baseURL = () => inject("baseURL");

/** JavaScript on and off, as describe.each rows: ["on", true], ["off", false]. */
export const JS_MODES = [
  ["on", true],
  ["off", false],
] as const;

/** One Chromium for the test file, launched before its tests and closed after them. */
export function useBrowser(): { readonly browser: Browser } {
  const held = {} as { browser: Browser };
  beforeAll(async () => {
    held.browser = await launchChromium();
  });
  afterAll(() => held.browser?.close());
  return held;
}

/** A page in a context of its own, for the tests of one describe block. */
export function usePage(chromium: { readonly browser: Browser }, options: ContextOptions): { readonly context: BrowserContext; readonly page: Page } {
  const held = {} as { context: BrowserContext; page: Page };
  beforeAll(async () => {
    held.context = await newContext(chromium.browser, options);
    held.page = await held.context.newPage();
  });
  afterAll(() => held.context?.close());
  return held;
}

export interface ContextOptions {
  width: number;
  js?: boolean;
  reducedMotion?: "reduce" | "no-preference";
}

export function newContext(browser: Browser, { width, js = true, reducedMotion = "reduce" }: ContextOptions): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width, height: VIEWPORT_HEIGHT },
    javaScriptEnabled: js,
    reducedMotion,
    baseURL: baseURL(),
  });
}

/**
 * A visitor without JavaScript, for tools that themselves need JavaScript in the page (axe): documents
 * arrive with their scripts removed and <noscript> unwrapped, which is what such a browser renders.
 */
export async function newNoScriptContext(browser: Browser, options: Omit<ContextOptions, "js">): Promise<BrowserContext> {
  const context = await newContext(browser, { ...options, js: true });
  await context.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const body = (await response.text())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
      .replace(/<\/?noscript>/g, "");
    await route.fulfill({ response, body });
  });
  return context;
}

/**
 * Everything a visitor's console would show as wrong: errors, warnings, uncaught exceptions, failed
 * requests and error responses (except the expected 404 of a missing page).
 */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error" && message.type() !== "warning") return;
    // Chromium logs the 404 status of a missing page's own document; that one is the point of the page.
    const ownStatus = isMissingPage(message.location().url) && message.text().includes("status of 404");
    if (!ownStatus) problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  page.on("response", (response) => {
    const expected404 = response.status() === 404 && isMissingPage(response.url());
    if (response.status() >= 400 && !expected404) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}

const isMissingPage = (url: string) => url !== "" && new URL(url).pathname.endsWith(MISSING);

/**
 * Opens a route. With JavaScript on, the islands start on a visitor's first use of the page, so unless told
 * not to, this presses a key that changes nothing (Shift) and waits until the header is live.
 */
export async function visit(page: Page, path: string, { use = true }: { use?: boolean } = {}): Promise<void> {
  const response = await page.goto(path, { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${path}`);
  if (use && (await page.evaluate(() => document.documentElement.classList.contains("js")))) {
    await page.keyboard.press("Shift");
    await waitForHydration(page);
  }
}

export const isHydrated = (page: Page) => page.locator(".site-header[data-hydrated]").count().then((n) => n === 1);

export function waitForHydration(page: Page): Promise<unknown> {
  return page.waitForSelector(".site-header[data-hydrated]", { state: "attached" });
}

/**
 * Waits for the page to handle what just happened and paint it (two animation frames). Without
 * JavaScript nothing in the page reacts, and frame callbacks never run, so there is nothing to wait for.
 */
export function settle(page: Page): Promise<void> {
  return page.evaluate(() => {
    if (!document.documentElement.classList.contains("js")) return;
    return new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  });
}

export async function scrollToY(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  await settle(page);
}

export const toggle = (page: Page) => page.locator(".site-header__toggle");
export const navLinks = (page: Page) => page.locator(".site-nav a");
