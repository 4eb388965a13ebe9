import puppeteer, { type Browser } from "puppeteer-core";
import { FIREFOX, setViewport } from "../../test/firefox";
import { AS_BUILT } from "./watched-site";
import { callSource, type Engine, type EngineView, type LaunchOptions } from "./engine";

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
