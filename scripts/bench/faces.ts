/**
 * Whether the first page of a first visit changes to the headings' face (src/client/loader.ts), and whether
 * anything moved while it did: each route opened once in a fresh profile at a phone's, a tablet's and a laptop's
 * width, in the system's Chromium and, where it is installed, Firefox. The loader keeps the stand-in where the face
 * would move something in view; this says where that happened, which Lighthouse's figures cannot.
 */
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS } from "../test/chromium";
import { FIREFOX, firefoxMissing, setViewport } from "../test/firefox";
import { pollUntil } from "../test/poll";

export const FACE_WIDTHS = [375, 768, 1440] as const;
/** A ceiling for the face to be fetched and remembered, not a guess at how long it takes. */
const FETCHED_WITHIN_MS = 15_000;

export type FirstPage = "face" | "stand-in kept" | "face not fetched";
export interface FaceRow {
  route: string;
  /** What the page ended in, at each of FACE_WIDTHS. */
  ended: FirstPage[];
  /** The layout shift the browser recorded over the visit, at each width: 0 when nothing moved; null in Firefox,
   * which keeps no such record. */
  shift: (number | null)[];
}
export interface FaceTable {
  browser: string;
  rows: FaceRow[];
}

declare global {
  interface Window {
    __shift: number;
  }
}

/** What a page that has loaded ended in, once the loader has decided (run in the page). */
async function decided() {
  // The loader waits for the same words' faces before it decides, and decides too when one of them fails (a busy
  // machine); its callback was queued first.
  await document.fonts
    .load('600 1em "EB Garamond"', document.title + document.querySelector("main")!.textContent)
    .catch(() => {});
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  return { face: document.documentElement.classList.contains("font-cached"), shift: window.__shift ?? null };
}
// The loader remembers the face once it has fetched it, after the first paint.
const remembered = () => Object.keys(localStorage).some((key) => key.endsWith(".woff2"));

/**
 * Whether the loaded page fetched the face (waited for within the ceiling), and what it then ended in. Polled from
 * outside the page: the site's policy forbids the eval that a wait run inside it would need (in Firefox).
 */
async function ended(evaluate: <R>(fn: () => R) => Promise<Awaited<R>>) {
  const fetched = await pollUntil("the face remembered", () => evaluate(remembered), {
    ceiling: FETCHED_WITHIN_MS,
    every: 100,
  }).then(
    () => true,
    () => false,
  );
  return { fetched, ...(await evaluate(decided)) };
}

/** A first visit to a URL at a width, in a fresh profile: what the page ended in. */
type FirstVisit = (url: string, width: number) => Promise<{ fetched: boolean; face: boolean; shift: number | null }>;

async function inChromium(chromePath: string): Promise<{ visit: FirstVisit; close(): Promise<void> }> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  const visit: FirstVisit = async (url, width) => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, ignoreHTTPSErrors: true });
    try {
      const page = await context.newPage();
      await page.addInitScript(() => {
        window.__shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            window.__shift += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(url, { waitUntil: "load" });
      // Playwright types a page function's result as is, where puppeteer-core awaits it: the same at run time.
      return await ended((fn) => page.evaluate(fn) as never);
    } finally {
      await context.close();
    }
  };
  return { visit, close: () => browser.close() };
}

/**
 * The little of puppeteer-core the first visits in Firefox use. It is installed with the bench's own packages
 * (scripts/bench/package.json), which a type check does not install, so it is named here, as Lighthouse is in
 * scripts/types/bench-tools.d.ts (a module declared there would hide the tests' own puppeteer-core types).
 */
interface FirefoxPage {
  setViewport(viewport: { width: number; height: number }): Promise<unknown>;
  goto(url: string, options: { waitUntil: "load" }): Promise<unknown>;
  evaluate<R>(fn: string | (() => R)): Promise<Awaited<R>>;
}
interface FirefoxBrowser {
  createBrowserContext(): Promise<{
    newPage(options: { type: "window" }): Promise<FirefoxPage>;
    close(): Promise<void>;
  }>;
  close(): Promise<void>;
}
const PUPPETEER = "puppeteer-core";

async function inFirefox(): Promise<{ visit: FirstVisit; close(): Promise<void> }> {
  const { default: puppeteer } = (await import(PUPPETEER)) as {
    default: { launch(options: object): Promise<FirefoxBrowser> };
  };
  // The CDN setup is served over HTTPS with a certificate of its own.
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    acceptInsecureCerts: true,
  });
  const visit: FirstVisit = async (url, width) => {
    const context = await browser.createBrowserContext();
    try {
      // A window of its own: Firefox runs only a window's front tab at full speed.
      const page = await context.newPage({ type: "window" });
      await setViewport(page, { width, height: 800 });
      await page.goto(url, { waitUntil: "load" });
      return await ended((fn) => page.evaluate(fn));
    } finally {
      await context.close();
    }
  };
  return { visit, close: () => browser.close() };
}

/** Each `[name, url]` opened as the first page of a visit, at each width, in each browser this machine has. */
export async function firstVisitFaces(chromePath: string, pages: readonly [string, string][]): Promise<FaceTable[]> {
  const browsers: [string, () => ReturnType<typeof inChromium>][] = [
    ["Chromium", () => inChromium(chromePath)],
    ...(firefoxMissing() ? [] : [["Firefox", inFirefox] as [string, typeof inFirefox]]),
  ];
  const tables: FaceTable[] = [];
  for (const [name, launch] of browsers) {
    const { visit, close } = await launch();
    try {
      const rows: FaceRow[] = [];
      for (const [route, url] of pages) {
        const row: FaceRow = { route, ended: [], shift: [] };
        for (const width of FACE_WIDTHS) {
          const seen = await visit(url, width);
          row.ended.push(!seen.fetched ? "face not fetched" : seen.face ? "face" : "stand-in kept");
          row.shift.push(seen.shift);
        }
        rows.push(row);
      }
      tables.push({ browser: name, rows });
    } finally {
      await close();
    }
  }
  return tables;
}
