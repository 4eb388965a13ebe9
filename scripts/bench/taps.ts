// The first tap on a field's page, a first visit at a phone's size: Play or the menu's toggle tapped the moment it is
// painted, timed until the sound begins (`playing`) or the menu opens. Figures, not a test.
import { type Browser, chromium } from "playwright-core";
import { CHROMIUM_ARGS } from "../test/chromium";

/** A slow phone: slow 4G and a mid-tier phone's CPU, 4× slower. */
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

/** In the page before anything else: when the first tap lands, when a preview's sound begins, when the menu opens. */
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

/** One first visit: the selector tapped as soon as it is painted; the ms from the tap until `effect` was recorded. */
async function firstTap(
  browser: Browser,
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
    if (slow) {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLED.cpu });
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", THROTTLED.network);
      await context.setOffline(false);
    }
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
