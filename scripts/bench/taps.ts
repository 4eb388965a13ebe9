/**
 * The first tap, measured: on a first visit to a field's page at a phone's size, Play tapped the moment it is
 * painted, and the time until its sound begins (the element's `playing`); and the menu's toggle tapped the
 * moment it is painted, and whether and when the menu opens. Each unthrottled and on a slow phone (the CPU slowed
 * 4× over slow 4G: 150 ms, 1.6 Mbps down, 750 kbps up), in the system's Chromium. Figures, not a test.
 */
import { chromium, type CDPSession, type Page } from "playwright-core";
import { CHROMIUM_ARGS } from "../test/chromium";

/** Slow 4G (150 ms, 1.6 Mbps down, 750 kbps up) and a mid-tier phone's CPU, 4× slower: the conditions of a slow phone. */
const THROTTLED = {
  cpu: 4,
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
};
/** A ceiling for a sound or a menu to come, not a guess at how long it takes. */
const WITHIN_MS = 15_000;

export interface TapRow {
  what: string;
  condition: "unthrottled" | "slow phone";
  /** Each round's time from the tap to its effect, in ms; null where it never came. */
  ms: (number | null)[];
}

declare global {
  interface Window {
    __tappedAt?: number;
    __soundAt?: number;
    __menuAt?: number;
  }
}

/** In the page before anything else: when the first tap lands, when a preview's time first advances, when the menu opens. */
function recordFirstTap() {
  addEventListener("pointerdown", () => (window.__tappedAt ??= performance.now()), { capture: true });
  // Playing: the element's audio has begun to go out (its time then advances, reported every 250 ms at most).
  addEventListener("playing", () => (window.__soundAt ??= performance.now()), { capture: true });
  addEventListener(
    "toggle",
    (event) => {
      if ((event as ToggleEvent).newState === "open") window.__menuAt ??= performance.now();
    },
    { capture: true },
  );
}

async function throttle(page: Page, cdp: CDPSession, slow: boolean) {
  if (!slow) return;
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLED.cpu });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", THROTTLED.network);
  await page.context().setOffline(false);
}

/** One first visit: the selector tapped as soon as it is painted; the ms from the tap until `effect` was recorded. */
async function firstTap(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  url: string,
  selector: string,
  effect: "__soundAt" | "__menuAt",
  slow: boolean,
): Promise<number | null> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    ignoreHTTPSErrors: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(page, cdp, slow);
    await page.addInitScript(recordFirstTap);
    // Not awaited: the tap comes the moment Play is painted, long before the page has loaded.
    page.goto(url, { waitUntil: "commit" }).catch(() => {});
    // Painted: laid out with a size, and a frame drawn since.
    await page.waitForSelector(selector, { state: "visible", timeout: WITHIN_MS });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    await page.tap(selector);
    const at = await page
      .waitForFunction((key) => window[key as "__soundAt"] !== undefined, effect, { timeout: WITHIN_MS, polling: 16 })
      .then(() => page.evaluate((key) => window[key as "__soundAt"]! - window.__tappedAt!, effect))
      .catch(() => null);
    await cdp.detach();
    return at;
  } finally {
    await context.close();
  }
}

/** Each of Play and the menu, unthrottled and on a slow phone, `rounds` first visits each, to a field's page. */
export async function firstTaps(chromePath: string, fieldPageUrl: string, rounds: number): Promise<TapRow[]> {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: [...CHROMIUM_ARGS, "--autoplay-policy=user-gesture-required", "--ignore-certificate-errors"],
  });
  const rows: TapRow[] = [];
  try {
    for (const condition of ["unthrottled", "slow phone"] as const)
      for (const [what, selector, effect] of [
        ["Play, tap to sound", ".product .player__play", "__soundAt"],
        ["Menu, tap to open", ".site-header__toggle", "__menuAt"],
      ] as const) {
        const row: TapRow = { what, condition, ms: [] };
        for (let i = 0; i < rounds; i++)
          row.ms.push(await firstTap(browser, fieldPageUrl, selector, effect, condition === "slow phone"));
        rows.push(row);
      }
  } finally {
    await browser.close();
  }
  return rows;
}
