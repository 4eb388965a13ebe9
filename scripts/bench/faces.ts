/**
 * Whether the first page of a first visit changes to the headings' face (src/client/loader.ts), and whether
 * anything moved while it did: each route opened once in a fresh profile at a phone's, a tablet's and a laptop's
 * width, in the system's Chromium. The loader keeps the stand-in where the face would move something in view;
 * this says where that happened, which Lighthouse's figures cannot.
 */
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS } from "../test/chromium";

export const FACE_WIDTHS = [375, 768, 1440] as const;
/** A ceiling for the face to be fetched and remembered, not a guess at how long it takes. */
const FETCHED_WITHIN_MS = 15_000;

export type FirstPage = "face" | "stand-in kept" | "face not fetched";
export interface FaceRow {
  route: string;
  /** What the page ended in, at each of FACE_WIDTHS. */
  ended: FirstPage[];
  /** The layout shift the browser recorded over the visit, at each width: 0 when nothing moved. */
  shift: number[];
}

declare global {
  interface Window {
    __shift: number;
  }
}

/** Each `[name, url]` opened as the first page of a visit, at each width. */
export async function firstVisitFaces(chromePath: string, pages: readonly [string, string][]): Promise<FaceRow[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    const rows: FaceRow[] = [];
    for (const [route, url] of pages) {
      const row: FaceRow = { route, ended: [], shift: [] };
      for (const width of FACE_WIDTHS) {
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
          // The loader remembers the face once it has fetched it, after the first paint.
          const fetched = await page
            .waitForFunction(() => Object.keys(localStorage).some((key) => key.endsWith(".woff2")), null, {
              timeout: FETCHED_WITHIN_MS,
              polling: 100,
            })
            .then(
              () => true,
              () => false,
            );
          const seen = await page.evaluate(async () => {
            // The loader waits for the same words' faces before it decides, and decides too when one of them fails
            // (a busy machine); its callback was queued first.
            await document.fonts
              .load('600 1em "EB Garamond"', document.title + document.querySelector("main")!.textContent)
              .catch(() => {});
            await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
            return { face: document.documentElement.classList.contains("font-cached"), shift: window.__shift };
          });
          row.ended.push(!fetched ? "face not fetched" : seen.face ? "face" : "stand-in kept");
          row.shift.push(seen.shift);
        } finally {
          await context.close();
        }
      }
      rows.push(row);
    }
    return rows;
  } finally {
    await browser.close();
  }
}
