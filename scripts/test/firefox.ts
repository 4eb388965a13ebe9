import { existsSync } from "node:fs";
import { pollUntil } from "./poll";

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

/** What setViewport needs of a puppeteer-core page (this folder does not install puppeteer-core). */
interface FirefoxPage {
  setViewport(viewport: { width: number; height: number }): Promise<unknown>;
  evaluate(expression: string): Promise<unknown>;
}

/**
 * puppeteer-core sets a viewport over BiDi with two commands, the size and the screen's orientation. Firefox ESR 140
 * (what Debian 12 installs without its security archive, where 153 is) knows only the first and refuses the second
 * as unknown, which failed every Firefox test. That refusal alone is let pass, and the size is then waited for,
 * since the refusal arrives before the size is applied.
 */
export async function setViewport(page: FirefoxPage, viewport: { width: number; height: number }): Promise<void> {
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
