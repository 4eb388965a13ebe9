import type { Browser, BrowserContext, Page, Request, Response } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { transform } from "lightningcss";
import { fieldPath } from "../../src/content/fields";
import { selections } from "../../src/content/purposes";
import { selectionPath } from "../../src/pages/all-fields";
import { FIXTURE_SITE } from "../test/fixtures";
import { navRoutes } from "../../src/pages/index";
import { ROOT } from "../paths";
import { connectChromium } from "../test/chromium";
import { withoutScripts } from "./engines/watched-site";

/** The six routes and their nav labels, from the pages' own meta. */
export const ROUTES = navRoutes().map((r) => r.path);
export const NAV_LABELS = navRoutes().map((r) => r.label);
/** An address that does not exist: the host answers with 404.html. */
export const MISSING = "/no-such-page/";
/** The first field's own page, as every field has one (/fields/<slug>/): checked as the six routes are. */
export const FIELD_PAGE = fieldPath(FIXTURE_SITE.fields[0]!);
/** A purpose's list of fields (/all-fields/<purpose>/), as each purpose and band has one. */
export const LIST_PAGE = selectionPath(selections(FIXTURE_SITE)[0]!);
/** Where the first field was before its owner gave it its present address (setup.ts): the hosts redirect from here. */
export const MOVED_FROM = "/fields/an-earlier-address/";
export const ALL_PAGES = [...ROUTES, FIELD_PAGE, LIST_PAGE, MISSING];

/** A phone and a desktop, either side of where the top bar shows its links (styles/media.css), and the narrowest phone. */
export const PHONE = 375;
export const DESKTOP = 1440;
export const NARROWEST = 320;
export const VIEWPORT_HEIGHT = 720;
const navWide = navWideFrom();
if (!(PHONE < navWide && navWide <= DESKTOP))
  throw new Error(`styles/media.css moved --nav-wide to ${navWide}px: PHONE and DESKTOP must sit either side`);

export const baseURL = () => inject("baseURL");

/**
 * `SCREENSHOTS=1` (or `npm run screenshots`): the browser tests also save full-page screenshots for a person to
 * look at. Off in `npm test`: they assert nothing, and encoding some sixty tall pages costs every run time.
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === "1";
/** Where the browser tests leave screenshots, by engine. */
export const screenshotDir = (engine: string) => join(ROOT, ".artifacts/screenshots", engine);
export const SCREENSHOT_DIR = screenshotDir("chromium");
/** "products-375.jpg", "home-1440-forced.jpg". */
export const screenshotName = (route: string, width: number, mode?: string) =>
  `${route === MISSING ? "404" : route.replace(/^\/|\/$/g, "") || "home"}-${width}${mode ? `-${mode}` : ""}.jpg`;

/** A whole page as a person will look at it: JPEG, which a long page encodes in a third of PNG's time. */
export const saveScreenshot = (page: Page, file: string) =>
  page.screenshot({ path: join(SCREENSHOT_DIR, file), fullPage: true, type: "jpeg", quality: 85 });

/** The run's one Chromium, connected for this test file; each describe block takes contexts of its own. */
export function useBrowser(): { readonly browser: Browser } {
  const held = {} as { browser: Browser };
  beforeAll(async () => {
    held.browser = await connectChromium(inject("chromiumEndpoint"));
  });
  afterAll(() => held.browser?.close());
  return held;
}

export interface ContextOptions {
  width: number;
  height?: number;
  js?: boolean;
  reducedMotion?: "reduce" | "no-preference";
  /** Forced colours, as Windows' contrast themes impose them. */
  forcedColors?: boolean;
  /** The tests' own fixture build (two fields with previews) rather than the owner's site. */
  fixture?: boolean;
}

/**
 * A browser context at a width, its pages without JavaScript if `js` is false (loadWithoutScripts).
 */
export async function newContext(
  browser: Browser,
  {
    width,
    height = VIEWPORT_HEIGHT,
    js = true,
    reducedMotion = "reduce",
    forcedColors = false,
    fixture = false,
  }: ContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height },
    reducedMotion,
    forcedColors: forcedColors ? "active" : "none",
    baseURL: fixture ? inject("fixtureURL") : baseURL(),
  });
  if (!js) await loadWithoutScripts(context);
  return context;
}

/**
 * Documents arrive with their scripts removed, which is what a browser without JavaScript renders; the page then
 * still runs tools that need JavaScript themselves (axe, evaluate).
 */
async function loadWithoutScripts(target: BrowserContext | Page): Promise<void> {
  await target.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    const body = withoutScripts(await response.text());
    await route.fulfill({ response, body });
  });
}

interface Tab {
  context: BrowserContext;
  page: Page;
}
/** Each test file's tabs, by connection: for each site, one context with a tab that runs scripts and one that does not. */
const tabs = new WeakMap<Browser, Map<string, Promise<Tab>>>();

function tabFor(browser: Browser, fixture: boolean, js: boolean): Promise<Tab> {
  let own = tabs.get(browser);
  if (!own) tabs.set(browser, (own = new Map()));
  const key = `${fixture} ${js}`;
  if (!own.has(key)) {
    own.set(
      key,
      (async () => {
        const context = js
          ? await newContext(browser, { width: PHONE, fixture })
          : (await tabFor(browser, fixture, true)).context;
        const page = await context.newPage();
        if (!js) await loadWithoutScripts(page);
        return { context, page };
      })(),
    );
  }
  return own.get(key)!;
}

/**
 * The tab of a describe block, set to its screen (width, height, forced colours, motion). The blocks of a file
 * share tabs, each block opening its pages afresh: a new context costs Chromium half a second to a second of CPU,
 * where a page load costs a tenth of a second. So a test that changes what the tests after it would see (a fake
 * clock, a stubbed API) takes a context of its own (newContext), as does one that needs a first visit: here a
 * visit may find the display font already fetched, as a returning visitor's would be.
 */
export function usePage(
  chromium: { readonly browser: Browser },
  options: ContextOptions,
): { readonly context: BrowserContext; readonly page: Page } {
  const held = {} as Tab;
  beforeAll(async () => {
    const {
      width,
      height = VIEWPORT_HEIGHT,
      js = true,
      fixture = false,
      reducedMotion = "reduce",
      forcedColors = false,
    } = options;
    Object.assign(held, await tabFor(chromium.browser, fixture, js));
    // A blank tab, as a new one would be: the block's first visit is a whole page load, wherever the last block left off.
    await held.page.goto("about:blank");
    // The front tab of its window: Chromium draws a tab behind another about once a second.
    await held.page.bringToFront();
    await held.page.setViewportSize({ width, height });
    await held.page.emulateMedia({ reducedMotion, forcedColors: forcedColors ? "active" : "none" });
  });
  // The tabs close with the file's connection (useBrowser).
  return held;
}

/**
 * Opens a route. With JavaScript on, the islands start on a visitor's first use of the page, so unless told not
 * to, this presses a key that changes nothing (Shift) and waits until every island is live; and it waits for
 * what the page links only once it has painted (see arrived).
 */
export async function visit(page: Page, path: string, { use = true }: { use?: boolean } = {}): Promise<Response> {
  const response = await page.goto(path, { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${path}`);
  if (await scripted(page)) {
    if (use) {
      await page.keyboard.press("Shift");
      await hydrated(page);
    }
    await arrived(page);
  }
  return response;
}

/**
 * Waits until the loader has linked what the page never needed to paint (the favicon, the manifest, the print
 * and forced-colours stylesheets: PageAssets.afterPaint in src/lib/page.ts) and those stylesheets have loaded.
 */
export async function arrived(page: Page): Promise<void> {
  // Polled on a timer as often as frames come, not by asking for every frame: a page asked for a frame each frame
  // is never idle, and the loader waits for an idle moment (up to two seconds) before it links them. A slower
  // timer (50 ms) cost the suite about ten seconds, a visit at a time.
  const linked = () => {
    const icon = document.querySelector<HTMLLinkElement>('head > link[rel="icon"]');
    const sheets = [...document.querySelectorAll<HTMLLinkElement>('head > link[rel="stylesheet"]')];
    return !!icon?.getAttribute("href") && sheets.length > 0 && sheets.every((link) => link.sheet !== null);
  };
  await page.waitForFunction(linked, undefined, { polling: 16 }).catch(async (error: Error) => {
    // What the loader waits for before it links them (the load event, a first paint, a frame), and what it linked.
    const state = await page
      .evaluate(async () => {
        const frame = await new Promise((resolve) => {
          requestAnimationFrame(() => resolve("a frame drawn"));
          setTimeout(() => resolve("no frame in a second"), 1000);
        });
        const sheets = [...document.querySelectorAll<HTMLLinkElement>('head > link[rel="stylesheet"]')].map(
          (link) => `${link.getAttribute("href")}${link.sheet ? "" : " (not loaded)"}`,
        );
        const paints = performance.getEntriesByType("paint").map((entry) => entry.name);
        return `${sheets.join(", ") || "none linked"}; the page ${document.readyState}, ${document.visibilityState}, painted: ${paints.join(", ") || "none"}, ${frame}`;
      })
      .catch((reason: Error) => reason.message);
    throw new Error(`${page.url()}: the files the loader links after the first paint: ${state}`, { cause: error });
  });
}

export const scripted = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("js"));

/** Resolves when every island on the page is live (hydrated, its effects run). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector("[data-island]:not([data-hydrated])", { state: "detached" });
}

export const isHydrated = (page: Page, island = "SiteHeader") =>
  page
    .locator(`[data-island="${island}"][data-hydrated]`)
    .count()
    .then((n) => n === 1);

/**
 * Waits for the page to handle what just happened and paint it (two animation frames). Without JavaScript
 * nothing in the page reacts, and frame callbacks never run, so there is nothing to wait for.
 */
export function settle(page: Page): Promise<void> {
  return page.evaluate(() => {
    if (!document.documentElement.classList.contains("js")) return;
    return new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  });
}

/** Every layout shift since the page began to load (the buffered entries, read at once), each with what moved. */
export const layoutShifts = (page: Page) =>
  page.evaluate(() => {
    interface Shift {
      value: number;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: "layout-shift", buffered: true });
    const name = (node?: Node) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(" ")[0]}` : ""}`
        : (node?.nodeName ?? "?");
    const box = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    const shifts = (observer.takeRecords() as unknown as Shift[]).map(
      (e) =>
        `${e.value.toPrecision(2)}: ${e.sources.map((s) => `${name(s.node)} ${box(s.previousRect)} → ${box(s.currentRect)}`).join("; ")}`,
    );
    observer.disconnect();
    return shifts;
  });

export async function scrollToY(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  await settle(page);
}

export const toggle = (page: Page) => page.locator(".site-header__toggle");
export const navLinks = (page: Page) => page.locator(".site-nav a");

/**
 * Everything a visitor's console would show as wrong: errors, warnings, uncaught exceptions, failed requests and
 * error responses (except the expected 404 of a missing page), and every address the page asked for. `quiet()`
 * resolves once no request is in flight.
 */
export function watchPage(page: Page): { problems: string[]; requests: string[]; quiet(): Promise<void> } {
  const problems: string[] = [];
  const requests: string[] = [];
  let inFlight = 0;
  const wake: (() => void)[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error" && message.type() !== "warning") return;
    // Chromium logs the 404 status of a missing page's own document; that one is the point of the page.
    const ownStatus = isMissingPage(message.location().url) && message.text().includes("status of 404");
    if (!ownStatus) problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  // Each request by the document it was made for: one the next page's navigation cancels is not a failure (the
  // favicon a page adds once it has painted may be asked for only as the test moves on). Until the navigation
  // commits, a request is still the old page's.
  let started = 0;
  let navigating = false;
  const madeFor = new WeakMap<Request, number>();
  const opensPage = (request: Request) => {
    try {
      return request.isNavigationRequest() && request.frame() === page.mainFrame();
    } catch {
      // A navigation request of a frame not there yet (a worker's, an iframe's) has no frame.
      return false;
    }
  };
  page.on("request", (request) => {
    inFlight++;
    requests.push(request.url());
    const opens = opensPage(request);
    if (opens) started++;
    navigating ||= opens;
    madeFor.set(request, navigating && !opens ? started - 1 : started);
  });
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) navigating = false;
  });
  const finished = () => {
    inFlight--;
    if (inFlight === 0) for (const resolve of wake.splice(0)) resolve();
  };
  page.on("requestfinished", finished);
  page.on("requestfailed", (request) => {
    const cancelled = request.failure()?.errorText === "net::ERR_ABORTED" && madeFor.get(request)! < started;
    if (!cancelled) problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`);
    finished();
  });
  page.on("response", (response) => {
    const expected404 = response.status() === 404 && isMissingPage(response.url());
    if (response.status() >= 400 && !expected404) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return {
    problems,
    requests,
    quiet: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => wake.push(resolve))),
  };
}

const isMissingPage = (url: string) => url !== "" && new URL(url).pathname.endsWith(MISSING);

const recording = new WeakSet<BrowserContext>();

/** Records the page's Content-Security-Policy violations, as the browser reports them to the page itself. */
export async function recordViolations(context: BrowserContext): Promise<void> {
  if (recording.has(context)) return;
  recording.add(context);
  await context.addInitScript(() => {
    const seen: string[] = ((window as unknown as { violations: string[] }).violations = []);
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.effectiveDirective} blocked ${e.blockedURI} ${e.sample}`),
    );
  });
}

export const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? []);

/** The width in CSS pixels from which the top bar shows its links: styles/media.css' --nav-wide, (width >= <n>rem). */
function navWideFrom(): number {
  let rem: number | undefined;
  transform({
    filename: "styles/media.css",
    code: readFileSync(join(ROOT, "styles/media.css")),
    drafts: { customMedia: true },
    visitor: {
      Rule: {
        "custom-media": ({ value }) => {
          const condition = value.name === "--nav-wide" ? value.query.mediaQueries[0]?.condition : undefined;
          const range = condition?.type === "feature" ? condition.value : undefined;
          const length = range?.type === "range" && range.operator === "greater-than-equal" ? range.value : undefined;
          if (length?.type === "length" && length.value.type === "value" && length.value.value.unit === "rem")
            rem = length.value.value.value;
        },
      },
    },
  });
  if (rem === undefined) throw new Error("styles/media.css: --nav-wide must read (width >= <n>rem)");
  // A browser's default 16 px rem.
  return rem * 16;
}
