import type { Browser, Page } from "playwright-core";
import { connectChromium } from "../../test/chromium";
import { AS_BUILT } from "./watched-site";
import { callSource, type Engine, type EngineView, type LaunchOptions } from "./engine";

/** The suite's one Chromium (started by setup.ts), through Playwright: a context of its own per view. */
export async function chromiumEngine(options: LaunchOptions, wsEndpoint: string): Promise<Engine> {
  const browser: Browser = await connectChromium(wsEndpoint);
  return {
    name: "chromium",
    version: `Chromium ${browser.version()}`,
    screenshotType: "jpeg",
    // A context costs Chromium about a second of CPU: the routes run here only for screenshots (pages.test.ts
    // checks them in Chromium), so without those, a tab each for the header and the players.
    tabs: options.screenshots ? 3 : 2,
    async newView(site): Promise<EngineView> {
      const context = await browser.newContext({ reducedMotion: "reduce" });
      const page: Page = await context.newPage();
      return {
        async open(path, viewport, mode = AS_BUILT) {
          await page.setViewportSize(viewport);
          await page.goto(await site.url(path, mode), { waitUntil: "load" });
        },
        resize: (viewport) => page.setViewportSize(viewport),
        evaluate: (fn, arg) => page.evaluate(callSource(fn, arg)),
        click: (selector) => page.locator(selector).first().click(),
        press: (key) => page.keyboard.press(key),
        screenshot: async (file) => {
          await page.screenshot({ path: file, fullPage: true, type: "jpeg", quality: 85 });
        },
      };
    },
    close: () => browser.close(),
  };
}
