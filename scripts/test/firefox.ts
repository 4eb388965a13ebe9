import { existsSync } from "node:fs";

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

/** A ceiling for the viewport to take its size, not a guess at how long that takes. */
const RESIZED_WITHIN_MS = 15_000;

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
    const started = Date.now();
    while (!(await page.evaluate(`innerWidth === ${viewport.width} && innerHeight === ${viewport.height}`))) {
      if (Date.now() - started > RESIZED_WITHIN_MS)
        throw new Error(`waited ${RESIZED_WITHIN_MS / 1000} s for Firefox's viewport to take ${viewport.width} px`);
      await new Promise((resolve) => setTimeout(resolve, 16));
    }
  }
}
