import { existsSync } from "node:fs";
import puppeteer, { type Browser, type Page, type Viewport } from "puppeteer-core";
import { AS_BUILT } from "./watched-site";
import { callSource, pollUntil, type Engine, type EngineView, type LaunchOptions } from "./engine";

/** FIREFOX_PATH if set, else where Debian, other Linux systems, macOS and Windows install Firefox. */
export const FIREFOX =
  process.env.FIREFOX_PATH ??
  [
    "/usr/bin/firefox-esr",
    "/usr/bin/firefox",
    "/Applications/Firefox.app/Contents/MacOS/firefox",
    "C:\\Program Files\\Mozilla Firefox\\firefox.exe",
  ].find((path) => existsSync(path)) ??
  "/usr/bin/firefox-esr";

/** Why Firefox cannot run here, or undefined when it can. */
export const firefoxMissing = () =>
  existsSync(FIREFOX) ? undefined : `no Firefox at ${FIREFOX} (apt-get install firefox-esr, or set FIREFOX_PATH)`;

/**
 * Debian's Firefox ESR through puppeteer-core, over WebDriver BiDi. Firefox runs Web Audio only with an audio
 * device, so it is pointed at the suite's sound server.
 */
export async function firefoxEngine({ pulseServer }: LaunchOptions): Promise<Engine> {
  const browser: Browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    env: { ...process.env, ...(pulseServer ? { PULSE_SERVER: pulseServer } : {}) },
    // The visitor's own preference, as in the other engines: no motion to wait for.
    extraPrefsFirefox: { "ui.prefersReducedMotion": 1 },
  });
  return {
    name: "firefox",
    version: `Firefox ${(await browser.version()).replace(/^firefox\//, "")}`,
    screenshotType: "jpeg",
    // Each in a window of its own: Firefox runs only a window's front tab at full speed (frames, timers).
    tabs: 3,
    async newView(site): Promise<EngineView> {
      const context = await browser.createBrowserContext();
      const page = await context.newPage({ type: "window" });
      return {
        async open(path, viewport, mode = AS_BUILT) {
          await setViewport(page, viewport);
          await page.goto(await site.url(path, mode), { waitUntil: "load" });
        },
        resize: (viewport) => setViewport(page, viewport),
        evaluate: <A, R>(fn: (arg: A) => R, arg?: A) => page.evaluate(callSource(fn, arg)) as Promise<Awaited<R>>,
        click: (selector) => page.click(selector),
        press: (key) => page.keyboard.press(key),
        screenshot: async (file) => {
          await page.screenshot({ path: file as `${string}.jpeg`, fullPage: true, type: "jpeg", quality: 85 });
        },
      };
    },
    close: () => browser.close(),
  };
}

/**
 * puppeteer-core sets a viewport over BiDi with two commands, the size and the screen's orientation. Firefox ESR 140
 * (what Debian 12 installs without its security archive, where 153 is) knows only the first and refuses the second
 * as unknown, which failed every Firefox test. That refusal alone is let pass, and the size is then waited for,
 * since the refusal arrives before the size is applied.
 */
async function setViewport(page: Page, viewport: Viewport): Promise<void> {
  try {
    await page.setViewport(viewport);
  } catch (error) {
    if (!String(error).includes("unknown command emulation.setScreenOrientationOverride")) throw error;
    // Polled from outside the page: the site's policy forbids the eval that waitForFunction would run in it.
    await pollUntil(
      `Firefox's viewport to take the size ${viewport.width} × ${viewport.height}`,
      async () =>
        (await page.evaluate(`innerWidth === ${viewport.width} && innerHeight === ${viewport.height}`)) as boolean,
      { every: 16 },
    );
  }
}
